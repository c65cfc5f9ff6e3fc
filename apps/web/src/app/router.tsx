import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { PageSpinner } from '@/components/ui';
import { setNavigator } from '@/lib/navigation';
import { RequireAuth } from './guards/require-auth';
import { AuthLayout } from './layouts/auth-layout';
import { PublicLayout } from './layouts/public-layout';
import { NotFoundScreen } from './not-found';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { routes } from '@/lib/paths';

/** React.lazy for a named export. */
function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(load: () => Promise<M>, name: K) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

function page(Component: ComponentType, fallback: ReactNode = <PageSpinner />) {
  return (
    <Suspense fallback={fallback}>
      <Component />
    </Suspense>
  );
}

// Public pages: each its own chunk, none of them pulls in signed-in code.
const Home = lazyNamed(() => import('@/features/landing/screens/home'), 'HomeScreen');
const BuyerLanding = lazyNamed(() => import('@/features/landing/screens/buyer-landing'), 'BuyerLandingScreen');
const SupplierLanding = lazyNamed(() => import('@/features/landing/screens/supplier-landing'), 'SupplierLandingScreen');
const About = lazyNamed(() => import('@/features/landing/screens/about'), 'AboutScreen');
const Articles = lazyNamed(() => import('@/features/landing/screens/articles'), 'ArticlesScreen');
const Terms = lazyNamed(() => import('@/features/legal/screens/terms'), 'TermsScreen');
const Login = lazyNamed(() => import('@/features/auth/screens/login'), 'LoginScreen');
const Register = lazyNamed(() => import('@/features/auth/screens/register'), 'RegisterScreen');
const ForgotPassword = lazyNamed(() => import('@/features/auth/screens/forgot-password'), 'ForgotPasswordScreen');
const VerifyEmail = lazyNamed(() => import('@/features/auth/screens/verify-email'), 'VerifyEmailScreen');
const ResetPasswordValidation = lazyNamed(
  () => import('@/features/auth/screens/reset-password-validation'),
  'ResetPasswordValidationScreen',
);

// Signed-in areas: one chunk per role, loaded only once the guard lets the user in.
const BuyerArea = lazy(() => import('./areas/buyer-area'));
const SupplierArea = lazy(() => import('./areas/supplier-area'));
const AdminArea = lazy(() => import('./areas/admin-area'));

function area(Component: ComponentType) {
  return page(
    Component,
    <div className="flex min-h-dvh items-center justify-center bg-ink-50">
      <PageSpinner />
    </div>,
  );
}

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          // docs/design.md section 9: of the two entries for "/", the first (home) wins.
          { index: true, element: page(Home) },
          { path: routes.public.buyerLanding, element: page(BuyerLanding) },
          { path: routes.public.supplierLanding, element: page(SupplierLanding) },
          { path: routes.public.about, element: page(About) },
          { path: routes.public.articles, element: page(Articles) },
          { path: routes.public.terms, element: page(Terms) },
          { path: routes.notFound, element: <NotFoundScreen /> },
        ],
      },
      {
        element: <AuthLayout />,
        children: [
          { path: routes.auth.login, element: page(Login) },
          { path: routes.auth.register, element: page(Register) },
          { path: routes.auth.forgotPassword, element: page(ForgotPassword) },
          { path: routes.auth.verifyEmail, element: page(VerifyEmail) },
          { path: routes.auth.resetPasswordValidation, element: page(ResetPasswordValidation) },
        ],
      },
      { path: routes.area.buyer, element: <RequireAuth allowedRoles={['buyer']}>{area(BuyerArea)}</RequireAuth> },
      {
        path: routes.area.supplier,
        element: <RequireAuth allowedRoles={['supplier']}>{area(SupplierArea)}</RequireAuth>,
      },
      { path: routes.area.admin, element: <RequireAuth allowedRoles={['admin']}>{area(AdminArea)}</RequireAuth> },
    ],
  },
]);

setNavigator((to) => {
  void router.navigate(to);
});
