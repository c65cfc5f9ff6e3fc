/**
 * Tokens for the semantic vectors and for explaining shared wording. Lower-case words of letters
 * (digits only inside words such as "c40"), without English stop words and procurement boiler-
 * plate that says nothing about what is bought ("tender", "contract", "supply of" …).
 */
const STOP = new Set(
  (
    'a about above after again against all am an and any are as at be because been before being below between both but by ' +
    'can could did do does doing down during each few for from further had has have having he her here hers him his how i if ' +
    'in into is it its itself just me more most my no nor not now of off on once only or other our ours out over own same she ' +
    'should so some such than that the their theirs them then there these they this those through to too under until up very ' +
    'was we were what when where which while who whom why will with would you your yours also within via per etc may must ' +
    'shall including include includes provide provided providing requirement requirements required require please ' +
    // procurement boiler-plate: present in almost every notice, so it carries no meaning
    'tender tenders tendering contract contracts contractor contractors procurement framework lot lots notice invitation ' +
    'opportunity opportunities service services supply supplies supplier suppliers buyer council authority ltd limited uk ' +
    'new various related use used using based period year years month months date'
  ).split(/\s+/),
);

export function tokenize(text: string | null | undefined, max = 2000): string[] {
  if (!text) return [];
  const out: string[] = [];
  const re = /[a-z][a-z0-9'-]*[a-z0-9]|[a-z]/g;
  const lower = text.slice(0, 20_000).toLowerCase();
  let m: RegExpExecArray | null;
  while ((m = re.exec(lower)) && out.length < max) {
    const w = m[0].replace(/'s$/, '').replace(/'/g, '');
    if (w.length < 2 || STOP.has(w)) continue;
    out.push(w);
  }
  return out;
}

export const isStopWord = (w: string) => STOP.has(w);

/** A few English inflections, to find a word the vocabulary holds under another form. */
export function variants(w: string): string[] {
  const v: string[] = [];
  if (w.endsWith('ies') && w.length > 4) v.push(`${w.slice(0, -3)}y`);
  if (w.endsWith('es') && w.length > 4) v.push(w.slice(0, -2));
  if (w.endsWith('s') && !w.endsWith('ss') && w.length > 3) v.push(w.slice(0, -1));
  if (w.endsWith('ing') && w.length > 5) v.push(w.slice(0, -3), `${w.slice(0, -3)}e`);
  if (w.endsWith('ed') && w.length > 4) v.push(w.slice(0, -2), w.slice(0, -1));
  if (w.includes('-')) v.push(...w.split('-').filter((x) => x.length > 1));
  return v;
}
