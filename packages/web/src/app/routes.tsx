import {
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { Spinner } from '../ui/Spinner.tsx';
import { GuestOnly, RequireAuth } from './guards.tsx';

// One chunk per route: the landing page ships none of the other screens' code.
const LandingPage = lazy(() => import('../pages/landing/LandingPage.tsx'));
const LoginPage = lazy(() => import('../pages/login/LoginPage.tsx'));
const SignupPage = lazy(() => import('../pages/signup/SignupPage.tsx'));
const ForgotPasswordPage = lazy(() => import('../pages/forgot-password/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('../pages/forgot-password/ResetPasswordPage.tsx'));
const PaymentSuccessPage = lazy(() => import('../pages/payment-success/PaymentSuccessPage.tsx'));
const PaymentCancelPage = lazy(() => import('../pages/payment-cancel/PaymentCancelPage.tsx'));
const OnboardingPage = lazy(() => import('../pages/onboarding/OnboardingPage.tsx'));
const DashboardPage = lazy(() => import('./DashboardRoute.tsx'));
const TermsPage = lazy(() => import('../pages/legal/TermsPage.tsx'));
const PrivacyPage = lazy(() => import('../pages/legal/PrivacyPage.tsx'));
const ContactPage = lazy(() => import('../pages/legal/ContactPage.tsx'));

function page(
  Component: LazyExoticComponent<ComponentType>,
  wrap?: (node: ReactNode) => ReactNode,
) {
  return function RoutedPage() {
    const node = <Component />;
    return (
      <Suspense fallback={<Spinner label="Chargement…" />}>{wrap ? wrap(node) : node}</Suspense>
    );
  };
}

const guest = (node: ReactNode) => <GuestOnly>{node}</GuestOnly>;
const authenticated = (node: ReactNode) => <RequireAuth>{node}</RequireAuth>;

// Built once: a component created during render would remount the page on every render.
const routed = {
  landing: page(LandingPage),
  login: page(LoginPage, guest),
  signup: page(SignupPage, guest),
  forgotPassword: page(ForgotPasswordPage, guest),
  resetPassword: page(ResetPasswordPage, guest),
  dashboard: page(DashboardPage, authenticated),
  paymentSuccess: page(PaymentSuccessPage),
  paymentCancel: page(PaymentCancelPage),
  onboarding: page(OnboardingPage),
  terms: page(TermsPage),
  privacy: page(PrivacyPage),
  contact: page(ContactPage),
};

/** Paths that show the landing page (prerendered, hydrated by main.tsx). */
export const landingPaths: readonly string[] = ['/', '/pricing'];

/** The application's own screens: the only ones the shell frames for a signed-in customer. */
export const shellPaths: readonly string[] = ['/dashboard'];

/** Spec 2, every row. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={routed.landing} />
      <Route path="/pricing" component={routed.landing} />
      <Route path="/login" component={routed.login} />
      <Route path="/auth/login">
        <Redirect to="/login" replace />
      </Route>
      <Route path="/signup" component={routed.signup} />
      <Route path="/forgot-password" component={routed.forgotPassword} />
      <Route path="/reset-password" component={routed.resetPassword} />
      <Route path="/dashboard" component={routed.dashboard} />
      <Route path="/payment/success" component={routed.paymentSuccess} />
      <Route path="/payment/cancel" component={routed.paymentCancel} />
      {/* The checkout's default return pages (built from the site's origin). */}
      <Route path="/success" component={routed.paymentSuccess} />
      <Route path="/cancel" component={routed.paymentCancel} />
      <Route path="/onboarding" component={routed.onboarding} />
      <Route path="/terms" component={routed.terms} />
      <Route path="/privacy" component={routed.privacy} />
      <Route path="/contact" component={routed.contact} />
      <Route>
        <Redirect to="/" replace />
      </Route>
    </Switch>
  );
}
