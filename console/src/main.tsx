import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import './styles.css';
import { onUnauthorized } from './api';
import { PAGES } from './pages';
import { href, usePath } from './route';
import { session } from './session';
import { SignIn } from './sign-in';
import { RateLimitNotice } from './ui/rate-limit';

/** The shell: navigation, the page the hash names, and the focus moved to its heading on each change. */
const Console = ({ onSignOut }: { onSignOut: () => void }) => {
  const path = usePath();
  const [, first, id] = path.split('/');
  const page = PAGES.find((p) => p.path === first) ?? PAGES[0];
  const heading = useRef<HTMLHeadingElement>(null);
  const initial = useRef(true);
  useEffect(() => {
    document.title = `${page.title} · Console`;
    // Keyboard and screen reader users land on the new page's heading, not at the old link.
    if (!initial.current) heading.current?.focus();
    initial.current = false;
  }, [path]);
  return (
    <>
      {/* biome-ignore lint/a11y/useValidAnchor: a skip link is a link; the handler keeps the hash router off #main */}
      <a
        class="skip"
        href="#main"
        onClick={(event) => {
          event.preventDefault();
          heading.current?.focus();
        }}
      >
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Email delivery service</span>
        <button type="button" class="quiet" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <div class="layout">
        <nav aria-label="Console">
          <ul>
            {PAGES.map((p) => (
              <li key={p.path}>
                <a href={href(`/${p.path}`)} aria-current={p === page ? 'page' : undefined}>
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main">
          <h1 ref={heading} tabIndex={-1}>
            {page.title}
          </h1>
          <RateLimitNotice />
          {page.render(id)}
        </main>
      </div>
    </>
  );
};

const App = () => {
  const [signedIn, setSignedIn] = useState(Boolean(session.key()));
  const [reason, setReason] = useState<string>();
  useEffect(
    () =>
      onUnauthorized((message) => {
        session.signOut();
        setReason(`Signed out: ${message}`);
        setSignedIn(false);
      }),
    [],
  );
  if (!signedIn)
    return (
      <SignIn
        reason={reason}
        onSignedIn={() => {
          setReason(undefined);
          setSignedIn(true);
        }}
      />
    );
  return (
    <Console
      onSignOut={() => {
        session.signOut();
        setReason('Signed out.');
        setSignedIn(false);
      }}
    />
  );
};

render(<App />, document.getElementById('app')!);
