import { describe, expect, it } from 'vitest';
import type { BidPack } from '@brickyard/shared';
import { polishDraft } from './llm-polish.ts';

/** docs/product.md section 1 Bid Assist: the optional LLM polish of the draft never stands in the way. */
const pack: BidPack = {
  version: 1,
  generatedAt: '2026-01-01T00:00:00.000Z',
  tender: {
    kind: 'tender',
    id: '00000000-0000-4000-8000-000000000001',
    title: 'Steel frame',
    buyerName: 'Northgate',
    reference: null,
    deadline: null,
    valuePence: null,
    currency: 'GBP',
    location: null,
    classification: [],
  },
  supplier: { id: '00000000-0000-4000-8000-000000000002', companyName: 'Pennine' },
  matrix: [
    {
      ref: 'R1',
      source: 'quality_standard',
      requirement: 'NSSS',
      status: 'missing',
      evidence: 'Not held.',
      action: 'Obtain it.',
    },
  ],
  summary: { met: 0, partlyMet: 0, missing: 1, total: 1, score: 0, verdict: 'no_go', reasons: [] },
  outline: [{ heading: 'Introduction', points: ['Pennine responds.'] }],
  polishedDraft: null,
};
const llm = { baseUrl: 'http://llm.test/v1', apiKey: 'k', model: 'small', timeoutMs: 1000 };

describe('polishDraft (OpenAI-compatible endpoint)', () => {
  it('sends the outline and open points, and answers the polished text with the model', async () => {
    let sent: { url: string; body: any; auth: string | null } | null = null;
    const fake = (async (url: string, init: RequestInit) => {
      sent = { url, body: JSON.parse(init.body as string), auth: new Headers(init.headers).get('authorization') };
      return new Response(
        JSON.stringify({ model: 'small-2', choices: [{ message: { content: '  Dear Northgate, …  ' } }] }),
        { status: 200 },
      );
    }) as unknown as typeof fetch;
    const out = await polishDraft(llm, pack, { fetch: fake });
    expect(out).toEqual({ text: 'Dear Northgate, …', model: 'small-2' });
    expect(sent!.url).toBe('http://llm.test/v1/chat/completions');
    expect(sent!.auth).toBe('Bearer k');
    expect(sent!.body.messages[1].content).toContain('## Introduction\n- Pennine responds.');
    expect(sent!.body.messages[1].content).toContain('R1 NSSS (missing): Not held.');
  });

  it('answers null (the generated outline stands) on an error status, an empty answer or a network failure', async () => {
    const errors: unknown[] = [];
    const onError = (e: unknown) => errors.push(e);
    const status = (async () => new Response('no', { status: 500 })) as unknown as typeof fetch;
    const empty = (async () =>
      new Response(JSON.stringify({ choices: [] }), { status: 200 })) as unknown as typeof fetch;
    const down = (async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof fetch;
    for (const f of [status, empty, down]) expect(await polishDraft(llm, pack, { fetch: f, onError })).toBeNull();
    expect(errors).toHaveLength(3);
  });
});
