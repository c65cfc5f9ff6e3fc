// docs/design.md §8: "initial JS of any public page under 200 KB gzipped, each role's area loaded on demand".
// Reads the Vite build manifest (apps/web/dist/.vite/manifest.json, `build.manifest` in
// apps/web/vite.config.ts) and, for each public page, sums the gzipped size of the JavaScript a
// first visit must load: the entry with its static imports, plus the page's lazy chunk with its
// static imports. Dynamic imports inside the page are not initial and are not counted.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { line } from './lib.ts';

const dist = path.resolve(import.meta.dirname, '../apps/web/dist');
const BUDGET_KB = 200;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** Public pages and the module the router lazy-loads for each (app/router.tsx). */
export const PUBLIC_PAGES: { route: string; module: string }[] = [
  { route: '/', module: 'src/features/landing/screens/home.tsx' },
  { route: '/buyerLanding', module: 'src/features/landing/screens/buyer-landing.tsx' },
  { route: '/supplierLanding', module: 'src/features/landing/screens/supplier-landing.tsx' },
  { route: '/about', module: 'src/features/landing/screens/about.tsx' },
  { route: '/articles', module: 'src/features/landing/screens/articles.tsx' },
  { route: '/terms', module: 'src/features/legal/screens/terms.tsx' },
  { route: '/login', module: 'src/features/auth/screens/login.tsx' },
  { route: '/register', module: 'src/features/auth/screens/register.tsx' },
];

/** Signed-in code that must never be part of a public page's initial load. */
const SIGNED_IN = /(^|\/)src\/app\/areas\//;

const gzCache = new Map<string, number>();
function gzipped(file: string): number {
  let n = gzCache.get(file);
  if (n === undefined) {
    n = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzCache.set(file, n);
  }
  return n;
}

/** The manifest keys a chunk loads up front: itself and its static imports, transitively. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, into);
  return into;
}

export interface PageWeight {
  route: string;
  jsGzip: number;
  cssGzip: number;
  files: string[];
  signedInCode: string[];
}

export function measurePublicPages(): PageWeight[] {
  const manifestPath = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error(`no build manifest at ${manifestPath}: run npm run build`);
  const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('the manifest has no entry');
  return PUBLIC_PAGES.map(({ route, module }) => {
    if (!manifest[module]) throw new Error(`${module} (route ${route}) is not a chunk in the manifest`);
    const keys = new Set([...closure(manifest, entry), ...closure(manifest, module)]);
    const chunks = [...keys].map((k) => manifest[k]!);
    const js = [...new Set(chunks.map((c) => c.file).filter((f) => f.endsWith('.js')))];
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    return {
      route,
      jsGzip: js.reduce((s, f) => s + gzipped(f), 0),
      cssGzip: css.reduce((s, f) => s + gzipped(f), 0),
      files: js,
      signedInCode: [...keys].filter((k) => SIGNED_IN.test(manifest[k]!.src ?? k)),
    };
  });
}

export async function benchBundleSize(): Promise<string[]> {
  let pages: PageWeight[];
  try {
    pages = measurePublicPages();
  } catch (err) {
    return [line('public pages: initial JS (gzip)', (err as Error).message, `${BUDGET_KB} KB`, false)];
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  return pages.flatMap((p) => {
    const out = [
      line(
        `initial JS ${p.route}`,
        `${kb(p.jsGzip)} gzip (+${kb(p.cssGzip)} CSS), ${p.files.length} files`,
        `${BUDGET_KB} KB`,
        p.jsGzip < BUDGET_KB * 1024,
      ),
    ];
    if (p.signedInCode.length)
      out.push(line(`  no signed-in code on ${p.route}`, p.signedInCode.join(', '), 'none', false));
    return out;
  });
}
