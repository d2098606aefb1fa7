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

/**
 * Booking page (booking-page.ts). When no zone was chosen the page comes in the owner's zone with the
 * month's slots as data (`data-slots`, minutes since 1970 in base 36, two dates more on each side):
 * in a browser elsewhere this regroups them by the browser's dates, in the same load: the month's
 * free days, the chosen day's times, and every link and form set to the browser's zone (the address
 * too, by replaceState, so a reload or a shared link shows the same). Keeps the clock ticking.
 */
export const BOOKING_JS = `(function(){var m=document.querySelector('.month[data-slots]'),z;try{z=Intl.DateTimeFormat().resolvedOptions().timeZone}catch(e){}
if(m&&z&&z!==m.getAttribute('data-tz')&&!new URLSearchParams(location.search).has('tz'))try{regroup(m,z)}catch(e){}
function regroup(m,z){var from=m.getAttribute('data-tz'),loc=m.getAttribute('data-locale')||undefined,month=m.getAttribute('data-month');
var parts=new Intl.DateTimeFormat('en-US',{timeZone:z,year:'numeric',month:'2-digit',day:'2-digit'});
function dateOf(t){var p={};parts.formatToParts(new Date(t)).forEach(function(x){p[x.type]=x.value});return p.year+'-'+p.month+'-'+p.day}
var byDate={};m.getAttribute('data-slots').split(',').forEach(function(s){if(!s)return;var t=parseInt(s,36)*60000,d=dateOf(t);if(d.slice(0,7)===month)(byDate[d]=byDate[d]||[]).push(t)});
function zoned(u){return u.split('tz='+encodeURIComponent(from)).join('tz='+encodeURIComponent(z))}
var long=new Intl.DateTimeFormat(loc,{timeZone:'UTC',weekday:'long',day:'numeric',month:'long'});function named(d){return long.format(new Date(d+'T12:00:00Z'))}
var chosen=document.querySelector('.month [aria-current="date"]'),day=chosen&&byDate[chosen.getAttribute('data-date')]?chosen.getAttribute('data-date'):Object.keys(byDate).sort()[0];
[].forEach.call(m.querySelectorAll('[data-date]'),function(c){var d=c.getAttribute('data-date'),free=!!byDate[d],n=document.createElement(free?'a':'span');n.textContent=c.textContent;n.setAttribute('data-date',d);
n.className='day'+(free?' free':'')+(d===day?' chosen':'');n.setAttribute('aria-label',m.getAttribute(free?'data-free':'data-busy').replace('{d}',named(d)));
if(free){n.href=zoned(m.getAttribute('data-href')).replace('%7Bday%7D',d);if(d===day)n.setAttribute('aria-current','date')}else n.setAttribute('aria-disabled','true');c.replaceWith(n)});
var col=document.getElementById('times');if(col&&day){var time=new Intl.DateTimeFormat(loc,{timeZone:z,timeStyle:'short'}),h=document.createElement('h2'),ul=document.createElement('ul');
h.id='times-head';h.className='u-day';h.textContent=m.getAttribute('data-times-on').replace('{d}',named(day));ul.className='time-list';
byDate[day].forEach(function(t){var iso=new Date(t).toISOString().replace('.000Z','Z'),li=document.createElement('li'),a=document.createElement('a'),w=document.createElement('time');
a.className='button secondary time';a.href=zoned(m.getAttribute('data-book')).replace('%7Bstart%7D',encodeURIComponent(iso));w.setAttribute('datetime',iso);w.textContent=time.format(new Date(t));a.appendChild(w);li.appendChild(a);ul.appendChild(li)});
col.replaceChildren(h,ul);col.setAttribute('aria-labelledby','times-head');col.removeAttribute('aria-label')}
[].forEach.call(document.querySelectorAll('main a[href]'),function(a){var u=a.getAttribute('href');if(u.indexOf('tz=')>=0)a.setAttribute('href',zoned(u))});
[].forEach.call(document.querySelectorAll('input[name="tz"]'),function(i){i.value=z});var c=document.getElementById('tz-clock');if(c)c.setAttribute('data-tz',z);
var u=new URL(location.href);u.searchParams.set('tz',z);history.replaceState(null,'',u)}
var c=document.getElementById('tz-clock');if(!c)return;var f;try{f=new Intl.DateTimeFormat(c.getAttribute('data-locale')||undefined,{timeZone:c.getAttribute('data-tz')||undefined,timeStyle:'short'})}catch(e){return}
function tick(){c.textContent=f.format(new Date())}tick();setInterval(tick,15000)})();
`;

/** Reloads the page's `data-to` after `data-after` milliseconds (the inbox, when an undo window ends). */
export const RELOAD_JS = `(function(){var s=document.currentScript;if(!s)return;var to=s.getAttribute('data-to'),after=Number(s.getAttribute('data-after'));if(to&&after>=0)setTimeout(function(){location.replace(to)},after)})();
`;

/**
 * Calendar views: the keyboard. ← → a day, ↑ ↓ a week, `t` today, `n` a new event, each going to the
 * address in the script's `data-` attribute (the same pages the links reach without JavaScript);
 * shows the line naming the keys, hidden without JavaScript.
 * Keys typed into a field, or with a modifier, are left alone.
 */
export const CALENDAR_KEYS_JS = `(function(){var s=document.currentScript;if(!s)return;var h=document.getElementById('cal-keys');if(h)h.hidden=false;var keys={ArrowLeft:'left',ArrowRight:'right',ArrowUp:'up',ArrowDown:'down',t:'today',n:'new'};
document.addEventListener('keydown',function(e){if(e.defaultPrevented||e.altKey||e.ctrlKey||e.metaKey||e.isComposing)return;var t=e.target;if(t&&(t.isContentEditable||/^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(t.tagName)))return;
var k=keys[e.key];var to=k&&s.getAttribute('data-'+k);if(!to)return;e.preventDefault();location.assign(to)})})();
`;

/**
 * Booking settings (console/booking.ts): each day's blank spare rows wait behind an "Add hours"
 * button (which adds rows up to the day's limit), and each row gets a Remove. Without it the page
 * shows one blank row a day and a cleared row is ignored; saving is the same form post either way.
 */
export const HOURS_EDITOR_JS = `(function(){var f=document.getElementById('booking-form');if(!f)return;
function blank(r){return [].every.call(r.querySelectorAll('input'),function(i){return i.value===''})}
function rows(box){return [].slice.call(box.querySelectorAll('.av-interval'))}
function button(text,label,click){var b=document.createElement('button');b.type='button';b.className='secondary small';b.textContent=text;if(label)b.setAttribute('aria-label',label);b.addEventListener('click',click);return b}
function remover(box,r){var n=rows(box).indexOf(r)+1;r.appendChild(button('\u2715','Remove '+box.getAttribute('data-label')+', hours '+n,function(){[].forEach.call(r.querySelectorAll('input'),function(i){i.value=''});if(rows(box).filter(function(x){return !x.hidden}).length>1)r.hidden=true;box.querySelector('.av-add').hidden=false;box.querySelector('.av-add').focus()}))}
[].forEach.call(f.querySelectorAll('.av-intervals'),function(box){var max=Number(box.getAttribute('data-max'))||12;
rows(box).forEach(function(r,i){if(i>0&&blank(r))r.hidden=true;remover(box,r)});
var add=button('Add hours',null,function(){var all=rows(box),next=all.filter(function(x){return x.hidden})[0];
if(!next&&all.length<max){var last=all[all.length-1];next=last.cloneNode(true);var k=all.length;[].forEach.call(next.querySelectorAll('input'),function(i){i.name=i.name.replace(/_\\d+_(from|to)$/,'_'+k+'_$1');i.value='';i.removeAttribute('aria-invalid');i.setAttribute('aria-label',(i.getAttribute('aria-label')||'').replace(/hours \\d+/,'hours '+(k+1)))});
var old=next.querySelector('button');if(old)old.remove();box.insertBefore(next,add);remover(box,next)}
if(next){next.hidden=false;next.querySelector('input').focus()}add.hidden=rows(box).length>=max&&!rows(box).some(function(x){return x.hidden})});
add.classList.add('av-add');box.appendChild(add)})})();
`;
