/**
 * Links the pages build from data (docs/decisions.md "Hardening"): every value put into one is
 * percent-encoded, so no value can add a path, a query or a fragment to the link it is put in. A
 * requester chooses their email address, and the WHATWG rule admits `? & = % '` in it: as a bare
 * `mailto:` it could add a subject, a body or more recipients (RFC 6068) to the owner's reply.
 * (`html` then escapes the link for its attribute.)
 */

/** A link of a template whose every value is encoded as one URI component: link`/app/todos/edit?id=${id}`. */
export function link(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += encodeURIComponent(String(values[i])) + strings[i + 1]!;
  return out;
}

/**
 * A `mailto:` link writing to `address` alone: the local part and the domain are encoded apart, so
 * the one `@` between them stays, and nothing in either can start the link's query (`?subject=`).
 */
export function mailtoHref(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return `mailto:${encodeURIComponent(address)}`;
  return `mailto:${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`;
}

/** A `tel:` link (RFC 3966) to `phone`: its leading `+` kept, everything else encoded. */
export function telHref(phone: string): string {
  return `tel:${encodeURIComponent(phone).replace(/^%2B/, '+')}`;
}
