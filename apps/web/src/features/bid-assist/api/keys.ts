export const bidAssistKeys = {
  all: ['bid-assist'] as const,
  lists: ['bid-assist', 'list'] as const,
  list: (page: number) => ['bid-assist', 'list', page] as const,
  one: (id: string) => ['bid-assist', 'one', id] as const,
  targets: (kind: 'tender' | 'external', q: string) => ['bid-assist', 'targets', kind, q] as const,
};
