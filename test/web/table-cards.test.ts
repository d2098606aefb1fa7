import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { stackTables } from '../../src/web/table-cards.js';

describe('tables that stack into cards on a phone', () => {
  it('labels each body cell with its column and marks the table, skipping cells that span columns', () => {
    const page = '<main><table><caption>Tokens</caption><thead><tr><th scope="col">Name</th><th scope="col"><span class="sr">Action</span></th></tr></thead>'
      + '<tbody><tr><th scope="row">Kitchen &amp; hall</th><td class="x"><button>Revoke</button></td></tr><tr><td colspan="2">No more</td></tr></tbody></table></main>';
    assert.equal(stackTables(page), '<main><table class="cards"><caption>Tokens</caption><thead><tr><th scope="col">Name</th><th scope="col"><span class="sr">Action</span></th></tr></thead>'
      + '<tbody><tr><th data-label="Name" scope="row">Kitchen &amp; hall</th><td data-label="Action" class="x"><button>Revoke</button></td></tr><tr><td colspan="2">No more</td></tr></tbody></table></main>');
  });

  it('leaves tables with a class of their own (the calendar grids) and tables without a header as they are', () => {
    const grid = '<table class="month"><thead><tr><th>Mo</th></tr></thead><tbody><tr><td>1</td></tr></tbody></table>';
    const bare = '<table><tbody><tr><td>1</td></tr></tbody></table>';
    assert.equal(stackTables(grid + bare), grid + bare);
  });
});
