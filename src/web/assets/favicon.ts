/** The favicon of every page (html.ts links it): a calendar sheet with a tick, in the pages' accent blue. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect x="3" y="5" width="26" height="24" rx="4" fill="#1a5fd0"/><rect x="3" y="5" width="26" height="7" rx="3" fill="#123f8c"/><rect x="9" y="2" width="3" height="6" rx="1.5" fill="#123f8c"/><rect x="20" y="2" width="3" height="6" rx="1.5" fill="#123f8c"/><path d="M10 20l4 4 8-9" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>
`;
