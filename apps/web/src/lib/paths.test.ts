import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths, routes } from './paths';

describe('paths', () => {
  it('builds the public and sign-in links', () => {
    expect(paths.home).toBe('/');
    expect(paths.buyerLanding()).toBe('/buyerLanding');
    expect(paths.supplierLanding('pricing')).toBe('/supplierLanding#pricing');
    expect(paths.about).toBe('/about');
    expect(paths.articles).toBe('/articles');
    expect(paths.terms()).toBe('/terms');
    expect(paths.terms('privacy')).toBe('/terms#privacy');
    expect(paths.terms('cookies')).toBe('/terms#cookies');
    expect(paths.login).toBe('/login');
    expect(paths.register()).toBe('/register');
    expect(paths.register({ role: 'supplier' })).toBe('/register?role=supplier');
    expect(paths.register({ plan: 'pro', role: 'buyer', cycle: 'yearly' })).toBe(
      '/register?plan=pro&role=buyer&cycle=yearly',
    );
    expect(paths.forgotPassword).toBe('/forgot-password');
    expect(paths.verifyEmail).toBe('/verify-email');
    expect(paths.resetPasswordValidation).toBe('/reset-password-validation');
  });

  it('builds the buyer links', () => {
    expect(paths.buyer.dashboard).toBe('/buyer');
    expect(paths.buyer.tenders).toBe('/buyer/tenders');
    expect(paths.buyer.createTender).toBe('/buyer/create-tender');
    expect(paths.buyer.tender('t1')).toBe('/buyer/tender/t1');
    expect(paths.buyer.editTender('t1')).toBe('/buyer/edit-tender/t1');
    expect(paths.buyer.messages).toBe('/buyer/messages');
    expect(paths.buyer.deals).toBe('/buyer/deals');
    expect(paths.buyer.connect).toBe('/buyer/connect');
    expect(paths.buyer.profile).toBe('/buyer/profile');
    expect(paths.buyer.settings.profile).toBe('/buyer/settings/profile');
    expect(paths.buyer.settings.resetPassword).toBe('/buyer/settings/reset-password');
  });

  it('builds the supplier links', () => {
    expect(paths.supplier.dashboard).toBe('/supplier');
    expect(paths.supplier.catalogue).toBe('/supplier/catalogue');
    expect(paths.supplier.catalogueItem('c1')).toBe('/supplier/catalogue/c1');
    expect(paths.supplier.addCatalogue()).toBe('/supplier/add-catalogue');
    expect(paths.supplier.addCatalogue('import')).toBe('/supplier/add-catalogue?tab=import');
    expect(paths.supplier.editCatalogue('c1')).toBe('/supplier/edit-catalogue/c1');
    expect(paths.supplier.viewCatalogue).toBe('/supplier/view-catalogue');
    expect(paths.supplier.liveFeed).toBe('/supplier/external-search');
    expect(paths.supplier.externalTender('e1')).toBe('/supplier/external-search/e1');
    expect(paths.supplier.tender('t1')).toBe('/supplier/tender/t1');
    expect(paths.supplier.responses).toBe('/supplier/responses');
    expect(paths.supplier.bidAssist).toBe('/supplier/bid-assist');
    expect(paths.supplier.messages).toBe('/supplier/messages');
    expect(paths.supplier.deals).toBe('/supplier/deals');
    expect(paths.supplier.connect).toBe('/supplier/connect');
    expect(paths.supplier.profile).toBe('/supplier/profile');
    expect(paths.supplier.settings.billing).toBe('/supplier/settings/billing');
  });

  it('builds the admin links and each role’s own pages', () => {
    expect(paths.admin.dashboard).toBe('/admin/dashboard');
    expect(paths.admin.users()).toBe('/admin/users');
    expect(paths.admin.users({ approved: false })).toBe('/admin/users?approved=false');
    expect(paths.dashboardOf('admin')).toBe('/admin/dashboard');
    expect(paths.dashboardOf('buyer')).toBe('/buyer');
    expect(paths.profileOf('supplier')).toBe('/supplier/profile');
    expect(paths.settingsOf('supplier').accounts).toBe('/supplier/settings/accounts');
  });
});

describe('the router', () => {
  const appDir = path.resolve(import.meta.dirname, '../app');
  const routerFiles = ['router.tsx', ...fs.readdirSync(path.join(appDir, 'areas')).map((f) => `areas/${f}`)];

  function flatten(o: object): string[] {
    return Object.values(o).flatMap((v: unknown) => (typeof v === 'string' ? [v] : flatten(v as object)));
  }

  it.each(routerFiles)('%s declares every path and redirect from the paths module', (file) => {
    const src = fs.readFileSync(path.join(appDir, file), 'utf8');
    // A route's path (`path: '…'` or path="…") or a <Navigate to="…"> written as a literal.
    expect(src).not.toMatch(/\bpath:\s*['"`]/);
    expect(src).not.toMatch(/\b(path|to)=["']/);
    // Every routes.x.y it names exists (a typo would otherwise be an undefined path, a catch-all).
    for (const [, ref = ''] of src.matchAll(/\broutes\.([\w.]+)/g)) {
      const value = ref.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], routes);
      expect(typeof value, `routes.${ref}`).toBe('string');
    }
  });

  it('has one segment per screen within each area (no two routes share a path)', () => {
    for (const area of [routes.buyer, routes.supplier, routes.settings, routes.admin, routes.public, routes.auth]) {
      const all = flatten(area);
      expect(new Set(all).size).toBe(all.length);
    }
  });
});
