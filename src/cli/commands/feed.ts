import type { Command } from 'commander';
import { commandConfig } from '../config.js';
import { execute } from '../execute.js';
import { print, printJson, say, shortInstant, table } from '../output.js';

const WHEN = 'A running `calendar-access serve` fetches it within seconds; without one, at its next start.';

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

export function registerFeed(program: Command): void {
  const feed = program.command('feed').description("Manage an owner's iCalendar subscriptions (busy time imported every 15 minutes).");

  feed
    .command('add')
    .description('Subscribe to an https iCalendar feed; its busy time counts against availability (titles are never kept).')
    .requiredOption('--owner <u>', 'username of the owner')
    .requiredOption('--url <url>', 'the feed address (https://…; for webcal:// write https://)')
    .option('--name <n>', 'what to call it (default: the host name)')
    .option('--json', 'print the feed as JSON')
    .action(async (opts: { owner: string; url: string; name?: string; json?: boolean }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'feed.add', { owner: opts.owner, url: opts.url, name: opts.name ?? null });
      if (opts.json) {
        printJson(result);
        return;
      }
      say(`Subscribed ${opts.owner} to ${result.name}; first import queued. ${WHEN}`);
      print(result.id);
    });

  feed
    .command('list')
    .description("List an owner's feeds with their last success and last error.")
    .requiredOption('--owner <u>', 'username of the owner')
    .option('--json', 'print the list as JSON (full URLs included)')
    .action(async (opts: { owner: string; json?: boolean }, cmd: Command) => {
      const feeds = await execute(commandConfig(cmd), 'feed.list', { owner: opts.owner });
      if (opts.json) {
        printJson(feeds);
        return;
      }
      if (feeds.length === 0) {
        print(`${opts.owner} has no feeds.`);
        return;
      }
      print(table(
        ['ID', 'NAME', 'HOST', 'LAST SUCCESS', 'NEXT FETCH', 'BUSY', 'WARNINGS', 'LAST ERROR'],
        feeds.map((f) => [f.id, f.name, hostOf(f.url), shortInstant(f.lastSuccessAt), shortInstant(f.nextFetchAt), String(f.busyIntervals), String(f.lastWarnings.length), f.lastError ?? '-']),
      ));
      // The last good reading's warnings, under the table: what was skipped or read liberally, by line.
      for (const f of feeds.filter((x) => x.lastWarnings.length > 0)) {
        print(`\nWarnings of ${f.name} (${f.id}), last good reading:`);
        for (const w of f.lastWarnings) print(`  ${w}`);
      }
    });

  feed
    .command('remove')
    .description('Unsubscribe: the feed and its imported busy time go at once.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'feed id (from feed list)')
    .action(async (id: string, opts: { owner: string }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'feed.remove', { owner: opts.owner, id });
      print(`Removed feed ${result.id} and its busy time.`);
    });

  feed
    .command('refresh')
    .description('Fetch a feed now instead of at its next scheduled time.')
    .requiredOption('--owner <u>', 'username of the owner')
    .argument('<id>', 'feed id (from feed list)')
    .action(async (id: string, opts: { owner: string }, cmd: Command) => {
      const result = await execute(commandConfig(cmd), 'feed.refresh', { owner: opts.owner, id });
      print(`Feed ${result.id} queued for ${shortInstant(result.nextFetchAt)}. ${WHEN}`);
    });
}
