import { useState } from 'react';
import { HelpCircle, Send } from 'lucide-react';
import type { Tender, TenderQuestion } from '@brickyard/shared';
import { DateText } from '@/components/listing';
import { Alert, Badge, Button, Checkbox, EmptyState, Spinner, TextareaField } from '@/components/ui';
import { errorMessage, fieldErrorsOf } from '@/lib/api';
import { notify } from '@/lib/toast';
import { useAnswerQuestion } from '../api/answer-question';
import { useAskQuestion } from '../api/ask-question';
import { useQuestions } from '../api/list-questions';

/** Clarification questions on a tender: suppliers ask before the question deadline; the buyer answers privately or publishes. */
export function QuestionsPanel({ tender, role }: { tender: Tender; role: 'buyer' | 'supplier' }) {
  const list = useQuestions(tender.id);
  if (list.isPending) return <Spinner className="text-ink-400" />;
  if (list.isError)
    return <Alert tone="danger">{errorMessage(list.error, 'The questions could not be loaded.')}</Alert>;
  const { data, meta } = list.data;
  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-600">
        {meta.open ? (
          <>
            Questions are open until <DateText value={meta.questionDeadline ?? tender.deadline} />.
          </>
        ) : (
          'Questions are closed.'
        )}{' '}
        {role === 'supplier'
          ? 'Published answers are shared with every supplier; the buyer never names who asked.'
          : 'Answer privately to the asker, or publish the answer: every supplier sees it on the tender, and those who responded, asked or were matched are told (the asker stays anonymous).'}
      </p>
      {role === 'supplier' && meta.open && <AskForm tenderId={tender.id} />}
      {data.length === 0 ? (
        <EmptyState icon={HelpCircle} title="No questions yet" />
      ) : (
        <ul className="space-y-3" aria-label="Questions">
          {data.map((q) => (
            <QuestionItem key={q.id} q={q} role={role} />
          ))}
        </ul>
      )}
    </div>
  );
}

function AskForm({ tenderId }: { tenderId: string }) {
  const ask = useAskQuestion();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        ask.mutate(
          { tenderId, text },
          {
            onSuccess: () => {
              setText('');
              notify.success('Question sent to the buyer');
            },
            onError: (err) => setError(fieldErrorsOf(err).text ?? errorMessage(err, 'We could not send the question.')),
          },
        );
      }}
    >
      <TextareaField
        label="Ask the buyer a question"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
      />
      <Button type="submit" size="sm" loading={ask.isPending} leftIcon={<Send className="size-4" aria-hidden="true" />}>
        Send question
      </Button>
    </form>
  );
}

function QuestionItem({ q, role }: { q: TenderQuestion; role: 'buyer' | 'supplier' }) {
  return (
    <li className="rounded-xl border border-ink-200 bg-white p-4 shadow-sm">
      <div className="mb-1 flex flex-wrap items-center gap-2 text-xs text-ink-500">
        {q.askerCompanyName && <span className="font-medium text-ink-700">{q.askerCompanyName}</span>}
        {q.mine && <Badge tone="info">Your question</Badge>}
        {q.published ? (
          <Badge tone="success">Published</Badge>
        ) : q.answer ? (
          <Badge tone="neutral">Answered privately</Badge>
        ) : (
          <Badge tone="warning">Awaiting answer</Badge>
        )}
        <DateText value={q.createdAt} />
      </div>
      <p className="text-sm font-medium whitespace-pre-line text-ink-900">{q.text}</p>
      {q.answer && (
        <p className="mt-2 border-l-2 border-brand-400 pl-3 text-sm whitespace-pre-line text-ink-700">{q.answer}</p>
      )}
      {role === 'buyer' && <AnswerForm q={q} />}
    </li>
  );
}

function AnswerForm({ q }: { q: TenderQuestion }) {
  const answer = useAnswerQuestion();
  const [open, setOpen] = useState(!q.answer);
  const [text, setText] = useState(q.answer ?? '');
  const [publish, setPublish] = useState(q.published);
  const [error, setError] = useState<string | undefined>();
  if (!open) {
    return (
      <Button size="sm" variant="link" className="mt-2" onClick={() => setOpen(true)}>
        Edit answer
      </Button>
    );
  }
  return (
    <form
      className="mt-3 space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        answer.mutate(
          { id: q.id, text, publish },
          {
            onSuccess: () => {
              setOpen(false);
              notify.success(publish ? 'Answer published to every supplier' : 'Answer sent to the supplier');
            },
            onError: (err) => setError(fieldErrorsOf(err).text ?? errorMessage(err, 'We could not save the answer.')),
          },
        );
      }}
    >
      <TextareaField
        label="Your answer"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
      />
      <Checkbox
        id={`publish-${q.id}`}
        label="Publish to every supplier who responded (the asker is not named)"
        checked={publish}
        disabled={q.published}
        onChange={(e) => setPublish(e.target.checked)}
      />
      <Button type="submit" size="sm" loading={answer.isPending}>
        {publish ? 'Publish answer' : 'Answer privately'}
      </Button>
    </form>
  );
}
