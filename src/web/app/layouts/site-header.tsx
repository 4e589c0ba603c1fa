import { Container } from '@mantine/core';
import { useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '../../features/auth/api/get-auth';
import { useLogout } from '../../features/auth/api/logout';
import { isMarketingPath } from '../../features/marketing/content/marketing-paths';
import { useEnhance } from '../../features/marketing/enhance/use-enhance';
import { paths } from '../../lib/paths';
import classes from './site-header.module.css';
import { type NavAudience, siteNavigation } from './site-navigation';

/** Pages prerendered as public pages, where React may never run: the marketing site and the sign-in screens. */
const signInPaths: readonly string[] = [paths.login.path, paths.signup.path];
const isPublicPage = (pathname: string) =>
  isMarketingPath(pathname) || signInPaths.includes(pathname.replace(/(.)\/+$/, '$1'));

/**
 * The navigation bar: visitor, signed-in and staff menus; hides while scrolling down.
 * Its menu and scrolling behaviour live in the `site-header` enhancer, so the same markup works on
 * the prerendered public pages, where React does not run. Until the sign-in check has answered
 * (and in the prerendered HTML) both audiences' links are in the markup, the visitor's shown; a
 * public page shows the signed-in ones from the last known sign-in (see marketing.ts). On an app
 * screen (and in its prerendered shell) the bar stays neutral until the check has answered: the
 * logo, a grey block where the links go and a burger that waits, never the wrong audience's links.
 * The sign-in screens are prerendered as public pages (a visitor's first screen), and drawn as one.
 */
export function SiteHeader() {
  const ref = useRef<HTMLElement>(null);
  const menuId = useId();
  const { isLogin, isStaff, authChecked } = useAuth();
  const { pathname } = useLocation();
  const logout = useLogout();
  useEnhance(ref);

  const neutral = !authChecked && !isPublicPage(pathname);
  const audiences: NavAudience[] = authChecked ? [isLogin ? 'client' : 'visitor'] : ['visitor', 'client'];
  const shown = (audience: NavAudience) => !neutral && audience === (isLogin ? 'client' : 'visitor');
  const staffShown = authChecked ? isStaff : false;

  return (
    <header ref={ref} className={classes.header} data-enhance="site-header">
      <Container size="lg" className={classes.inner}>
        <Link to={paths.home.getHref()} className={classes.logo} aria-label="Arrive home">
          {/* The app icon, drawn inline so the bar paints without a request. */}
          <svg viewBox="0 0 192 192" width={28} height={28} aria-hidden="true" focusable="false">
            <rect width="192" height="192" rx="42" fill="#144CC3" />
            <path d="M96 36 L152 156 H40 Z M96 80 L80 116 H112 Z" fill="#fff" fillRule="evenodd" />
          </svg>
          <span className={classes.brand}>Arrive</span>
        </Link>
        <nav aria-label="Main" className={classes.nav}>
          {audiences.map((audience) => (
            <div key={audience} className={classes.topLinks} data-nav={audience} hidden={!shown(audience)}>
              {siteNavigation[audience].top.map((link) => (
                <Link key={link.to} to={link.to} className={classes.topLink}>
                  {link.label}
                </Link>
              ))}
            </div>
          ))}
          {neutral && <span className={classes.pending} aria-hidden="true" data-nav-pending />}
          <button
            type="button"
            className={classes.burger}
            disabled={neutral}
            aria-label="Open menu"
            aria-haspopup="menu"
            aria-expanded="false"
            aria-controls={menuId}
            data-menu-toggle
          >
            <span aria-hidden="true" />
          </button>
          <div id={menuId} className={classes.menu} data-menu hidden>
            {audiences.map((audience) => (
              <div
                key={audience}
                role="menu"
                aria-label="Menu"
                className={classes.menuList}
                data-nav={audience}
                hidden={!shown(audience)}
              >
                {siteNavigation[audience].menu.map((link) => (
                  <Link
                    key={link.to}
                    role="menuitem"
                    tabIndex={-1}
                    to={link.to}
                    className={classes.menuItem}
                    data-nav={link.staffOnly ? 'staff' : undefined}
                    hidden={link.staffOnly && !staffShown}
                  >
                    {link.label}
                  </Link>
                ))}
                {audience === 'client' && (
                  <button
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className={classes.menuItem}
                    data-danger
                    data-logout
                    onClick={() => logout.mutate()}
                  >
                    Logout
                  </button>
                )}
              </div>
            ))}
          </div>
        </nav>
      </Container>
    </header>
  );
}
