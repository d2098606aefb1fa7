/**
 * The pages' few scripts, served as files (assets.ts) so the CSP admits no inline script. Each is a
 * nicety: every page works without JavaScript.
 */

/**
 * Sign-up: preselects the browser's time zone while the form has none chosen (UTC, or no option
 * selected: Node's list of zones has no "UTC", so a fresh form selects nothing), if the list has it.
 */
export const SIGNUP_ZONE_JS = `(function(){var t=document.getElementById('timezone');if(!t||!(t.value==='UTC'||!t.querySelector('option[selected]')))return;try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone,was=t.value;t.value=z;if(t.value!==z)t.value=was}catch(e){}})();
`;

/** Booking page: shows the free times in the visitor's zone when none was chosen. */
export const BOOKING_ZONE_JS = `(function(){if(!new URLSearchParams(location.search).has('tz')){try{var z=Intl.DateTimeFormat().resolvedOptions().timeZone;var u=new URL(location.href);u.searchParams.set('tz',z);location.replace(u)}catch(e){}}})();
`;

/** Reloads the page's `data-to` after `data-after` milliseconds (the inbox, when an undo window ends). */
export const RELOAD_JS = `(function(){var s=document.currentScript;if(!s)return;var to=s.getAttribute('data-to'),after=Number(s.getAttribute('data-after'));if(to&&after>=0)setTimeout(function(){location.replace(to)},after)})();
`;
