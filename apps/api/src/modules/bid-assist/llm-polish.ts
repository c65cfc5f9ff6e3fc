import type { BidPack } from '@brickyard/shared';
import type { LlmConfig } from '../../config.ts';

/**
 * The optional polish of a bid pack's draft by an OpenAI-compatible chat-completions endpoint
 * (LLM_BASE_URL, LLM_API_KEY, LLM_MODEL). Never required: off unless configured, and any failure
 * (network, timeout, odd answer) leaves the generated outline as it is. The model only rewrites
 * the outline into prose; the matrix and the verdict stay the code's.
 */
export async function polishDraft(
  llm: LlmConfig,
  pack: BidPack,
  opts: { fetch?: typeof fetch; onError?: (err: unknown) => void } = {},
): Promise<{ text: string; model: string } | null> {
  const doFetch = opts.fetch ?? fetch;
  const outline = pack.outline.map((s) => `## ${s.heading}\n${s.points.map((p) => `- ${p}`).join('\n')}`).join('\n\n');
  const gaps = pack.matrix
    .filter((r) => r.status !== 'met')
    .map((r) => `${r.ref} ${r.requirement} (${r.status}): ${r.evidence}`);
  const prompt = [
    `Tender: ${pack.tender.title}${pack.tender.buyerName ? ` — buyer ${pack.tender.buyerName}` : ''}`,
    `Supplier: ${pack.supplier.companyName}`,
    `Verdict: ${pack.summary.verdict} (score ${pack.summary.score}%)`,
    '',
    'Draft outline:',
    outline,
    '',
    gaps.length ? `Open points:\n${gaps.join('\n')}` : 'Open points: none',
  ].join('\n');
  try {
    const res = await doFetch(`${llm.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(llm.apiKey ? { authorization: `Bearer ${llm.apiKey}` } : {}) },
      body: JSON.stringify({
        model: llm.model,
        temperature: 0.2,
        messages: [
          {
            role: 'system',
            content:
              'You help a UK construction supplier write a tender response. Rewrite the draft outline into a clear, professional response draft in British English with the same headings. Use only facts given; never invent certifications, prices, dates or projects. Keep open points as clearly marked placeholders.',
          },
          { role: 'user', content: prompt },
        ],
      }),
      signal: AbortSignal.timeout(llm.timeoutMs),
    });
    if (!res.ok) throw new Error(`LLM endpoint answered ${res.status}`);
    const body = (await res.json()) as { model?: unknown; choices?: Array<{ message?: { content?: unknown } }> };
    const text = body.choices?.[0]?.message?.content;
    if (typeof text !== 'string' || !text.trim()) throw new Error('LLM endpoint answered without content');
    return {
      text: text.trim().slice(0, 20_000),
      model: typeof body.model === 'string' && body.model ? body.model : llm.model,
    };
  } catch (err) {
    opts.onError?.(err);
    return null;
  }
}
