import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { CrashBoundary } from './ui/CrashScreen';
import { PageLoader } from './ui/Loading';
import { Toasts } from './ui/toast';
import { AppProviders } from './pages/AppProviders';

// Every page loads on demand (SPEC §2); the shell itself is small and loads with the first page.
const importShell = () => import('./pages/shell/Shell');
const importHomePage = () => import('./pages/home/HomePage');
const importPinPage = () => import('./pages/pin/PinPage');
const importEditPage = () => import('./pages/edit/EditPage');
const Shell = lazy(importShell);
const HomePage = lazy(importHomePage);
const PinPage = lazy(importPinPage);
const EditPage = lazy(importEditPage);

/**
 * Asks for a map route's chunks (the shell's and the page's) at once, beside the world's request: lazy() alone asks
 * for the page's only once the shell has loaded and rendered. The import() calls of the routes below then find them.
 */
export function preloadPage(pathname: string): void {
  const page = pathname === '/' ? importHomePage : /\/edit\/?$/.test(pathname) ? importEditPage : importPinPage;
  for (const load of [importShell, page]) void load().catch(() => {});
}
const SearchPage = lazy(() => import('./pages/search/SearchPage'));
const MyPage = lazy(() => import('./pages/mypage/MyPage'));
const SupportPage = lazy(() => import('./pages/support/SupportPage'));
const LoginPage = lazy(() => import('./pages/login/LoginPage'));
const OAuthCallbackPage = lazy(() => import('./pages/login/OAuthCallbackPage'));
const RegisterPage = lazy(() => import('./pages/login/RegisterPage'));
const TermsPage = lazy(() => import('./pages/about/TermsPage'));
const PrivacyPage = lazy(() => import('./pages/about/PrivacyPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));
const ModerationPage = lazy(() => import('./pages/moderation/ModerationPage'));
// The stream overlay is owned by the tracker work; a glob keeps the app building while it lands.
const overlayModule = import.meta.glob<{ default: ComponentType }>('./pages/overlay/OverlayPage.tsx');
const OverlayPage = lazy<ComponentType>(() => overlayModule['./pages/overlay/OverlayPage.tsx']?.() ?? import('./pages/NotFoundPage'));
const OverlaySetupPage = lazy(() => import('./pages/overlay/OverlaySetupPage'));

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoader />}>{children}</Suspense>;
}

/** The routes of SPEC §2: /login, the OAuth callbacks and the stream overlay outside the shell, the rest inside it. */
export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Page>
            <LoginPage />
          </Page>
        }
      />
      <Route
        path="/oauth/kakao"
        element={
          <Page>
            <OAuthCallbackPage provider="kakao" />
          </Page>
        }
      />
      <Route
        path="/oauth/google"
        element={
          <Page>
            <OAuthCallbackPage provider="google" />
          </Page>
        }
      />
      <Route
        path="/overlay"
        element={
          <Page>
            <OverlayPage />
          </Page>
        }
      />
      <Route
        element={
          <Page>
            <Shell />
          </Page>
        }
      >
        <Route
          index
          element={
            <Page>
              <HomePage />
            </Page>
          }
        />
        <Route
          path="pin/:hpid"
          element={
            <Page>
              <PinPage />
            </Page>
          }
        />
        <Route
          path="pin/:hpid/edit"
          element={
            <Page>
              <EditPage />
            </Page>
          }
        />
        <Route
          path="edit"
          element={
            <Page>
              <EditPage />
            </Page>
          }
        />
        <Route
          path="search"
          element={
            <Page>
              <SearchPage />
            </Page>
          }
        />
        <Route
          path="mypage"
          element={
            <Page>
              <MyPage />
            </Page>
          }
        />
        <Route
          path="support"
          element={
            <Page>
              <SupportPage />
            </Page>
          }
        />
        <Route
          path="overlay/setup"
          element={
            <Page>
              <OverlaySetupPage />
            </Page>
          }
        />
        <Route
          path="moderation"
          element={
            <Page>
              <ModerationPage />
            </Page>
          }
        />
        <Route
          path="register/:provider"
          element={
            <Page>
              <RegisterPage />
            </Page>
          }
        />
        <Route
          path="about/terms"
          element={
            <Page>
              <TermsPage />
            </Page>
          }
        />
        <Route
          path="about/privacy-policy"
          element={
            <Page>
              <PrivacyPage />
            </Page>
          }
        />
        <Route
          path="*"
          element={
            <Page>
              <NotFoundPage />
            </Page>
          }
        />
      </Route>
    </Routes>
  );
}

/** The application root: crash screen around everything, data providers, router, toasts. */
export function App() {
  return (
    <CrashBoundary>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
        <Toasts />
      </AppProviders>
    </CrashBoundary>
  );
}
