/**
 * robots.txt and sitemap.xml, written for this deployment's PUBLIC_URL (a static file could
 * only name one fixed host).
 */
export const PUBLIC_PAGES: { path: string; changefreq: string; priority: string }[] = [
  { path: '/', changefreq: 'weekly', priority: '1.0' },
  { path: '/buyerLanding', changefreq: 'weekly', priority: '0.9' },
  { path: '/supplierLanding', changefreq: 'weekly', priority: '0.9' },
  { path: '/about', changefreq: 'monthly', priority: '0.6' },
  { path: '/articles', changefreq: 'weekly', priority: '0.6' },
  { path: '/terms', changefreq: 'yearly', priority: '0.3' },
  { path: '/login', changefreq: 'yearly', priority: '0.3' },
];

export function robotsTxt(publicUrl: string): string {
  return [
    '# Brickyard: the public marketing pages may be indexed; the signed-in app may not.',
    'User-agent: *',
    'Allow: /',
    ...[
      '/buyer',
      '/supplier',
      '/admin',
      '/api/',
      '/register',
      '/verify-email',
      '/reset-password-validation',
      '/forgot-password',
    ].map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

export function sitemapXml(publicUrl: string): string {
  const urls = PUBLIC_PAGES.map(
    (p) =>
      `  <url><loc>${publicUrl}${p.path}</loc><changefreq>${p.changefreq}</changefreq><priority>${p.priority}</priority></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
