import { useEffect, useRef, useState } from 'react';
import { PlayCircle } from 'lucide-react';
import demo from '../content/demo-video.json';
import { SectionHeading } from './marketing';

/** Files made by scripts/record-demo-video.mjs (docs/demo-video.md): a real walk through the product. */
const MEDIA = {
  mp4: '/media/brickyard-demo.mp4',
  webm: '/media/brickyard-demo.webm',
  poster: '/media/brickyard-demo-poster.jpg',
  captions: '/media/brickyard-demo.en.vtt',
  width: 1280,
  height: 800,
};

function seek(video: HTMLVideoElement, t: number) {
  video.currentTime = t;
  void video.play().catch(() => undefined);
  video.focus();
}

function clock(seconds: number) {
  const s = Math.max(0, Math.round(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/**
 * The product tour. The <video> (and so its poster) is only mounted when the section comes near
 * the viewport, and preload="none" keeps the film itself from loading until the visitor plays it.
 */
export function DemoVideo({ title = 'See Brickyard in action', lead }: { title?: string; lead?: string }) {
  const frameRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [near, setNear] = useState(false);
  const pendingSeek = useRef<number | null>(null);

  useEffect(() => {
    const el = frameRef.current;
    if (!el || near) return;
    if (!('IntersectionObserver' in window)) {
      setNear(true);
      return;
    }
    const io = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '600px 0px',
    });
    io.observe(el);
    return () => io.disconnect();
  }, [near]);

  useEffect(() => {
    if (near && pendingSeek.current !== null && videoRef.current) {
      seek(videoRef.current, pendingSeek.current);
      pendingSeek.current = null;
    }
  }, [near]);

  function playFrom(t: number) {
    if (videoRef.current) seek(videoRef.current, t);
    else {
      pendingSeek.current = t;
      setNear(true);
    }
  }

  return (
    <section id="demo" aria-labelledby="demo-title" className="relative isolate pb-20 sm:pb-24">
      <div className="relative">
        <div className="absolute inset-x-0 top-0 -z-10 h-1/2 bg-ink-950" aria-hidden="true" />
        <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
          <div className="overflow-hidden rounded-2xl bg-ink-900 shadow-pop ring-1 ring-ink-900/10">
            <div className="flex items-center gap-2 border-b border-white/10 bg-ink-800 px-4 py-2.5" aria-hidden="true">
              <span className="size-2.5 rounded-full bg-red-400/80" />
              <span className="size-2.5 rounded-full bg-amber-400/80" />
              <span className="size-2.5 rounded-full bg-emerald-400/80" />
              <span className="ml-3 hidden truncate rounded-md bg-white/10 px-3 py-0.5 text-xs text-ink-300 sm:block">
                Brickyard · product tour
              </span>
            </div>
            <div ref={frameRef} className="relative aspect-[16/10] bg-ink-900">
              {near ? (
                <video
                  ref={videoRef}
                  className="absolute inset-0 size-full"
                  controls
                  preload="none"
                  playsInline
                  poster={MEDIA.poster}
                  width={MEDIA.width}
                  height={MEDIA.height}
                  aria-label={`Brickyard product tour (${clock(demo.duration)}, no sound, with captions)`}
                >
                  <source src={MEDIA.mp4} type="video/mp4" />
                  <source src={MEDIA.webm} type="video/webm" />
                  <track kind="captions" src={MEDIA.captions} srcLang="en" label="English" default />
                  Your browser cannot play this video. <a href={MEDIA.mp4}>Download the product tour (MP4)</a>.
                </video>
              ) : (
                <div className="absolute inset-0 flex items-center justify-center text-ink-400" aria-hidden="true">
                  <PlayCircle className="size-16" />
                </div>
              )}
            </div>
          </div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 sm:px-6 lg:px-8">
        <div className="mt-12 grid gap-10 lg:grid-cols-[1fr_1.3fr]">
          <SectionHeading
            id="demo-title"
            eyebrow="Product tour"
            title={title}
            lead={
              lead ??
              `A ${Math.max(1, Math.round(demo.duration / 60))}-minute walk through the real product: a buyer's dashboard, tenders and matches, then a supplier's catalogue, live tender feed, Bid Assist and billing.`
            }
          />
          <div>
            <h3 className="text-sm font-semibold text-ink-950">In this tour</h3>
            <ol className="mt-3 grid gap-1 sm:grid-cols-2">
              {demo.chapters.map((c) => (
                <li key={c.start}>
                  <button
                    type="button"
                    onClick={() => playFrom(c.start)}
                    className="group flex w-full items-start gap-3 rounded-lg px-2 py-2 text-left text-sm text-ink-700 hover:bg-ink-50"
                  >
                    <span className="mt-px rounded bg-ink-100 px-1.5 py-0.5 font-mono text-xs text-ink-700 tabular-nums group-hover:bg-brand-100">
                      {clock(c.start)}
                    </span>
                    <span>
                      <span className="sr-only">Play from {clock(c.start)}: </span>
                      {c.title}
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>
    </section>
  );
}
