import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { sharedKeys } from '@/lib/query-keys';
import { tenderKeys } from './keys';

describe('tender query keys', () => {
  it('invalidating the shared tenders root (as other features do after an award) marks every tender query stale', async () => {
    const qc = new QueryClient();
    qc.setQueryData(tenderKeys.buyer({ page: 1 }), []);
    qc.setQueryData(tenderKeys.one('t1'), {});
    qc.setQueryData(tenderKeys.audit('t1'), []);
    qc.setQueryData(['catalogue', 'list', {}], []);
    await qc.invalidateQueries({ queryKey: sharedKeys.tenders.all });
    const stale = qc
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => q.queryKey[0]);
    expect(stale).toEqual(['tenders', 'tenders', 'tenders']);
  });

  it('keeps the keys the cache already uses (so a cached tender is found by its id)', () => {
    expect(tenderKeys.one('t1')).toEqual(['tenders', 'one', 't1']);
    expect(tenderKeys.buyer({ page: 2 })).toEqual(['tenders', 'buyer', { page: 2 }]);
    expect(tenderKeys.awardable).toEqual(['tenders', 'buyer', 'awardable']);
  });
});
