/** Query keys of the responses feature; every mutation invalidates ['responses'] (and the tender it touches). */
export const responseKeys = {
  all: ['responses'] as const,
  forTender: (tenderId: string) => ['responses', 'tender', tenderId] as const,
  mine: (page: number) => ['responses', 'mine', page] as const,
  allMine: ['responses', 'mine'] as const,
  questions: (tenderId: string) => ['responses', 'questions', tenderId] as const,
  catalogue: ['responses', 'my-catalogue'] as const,
};
