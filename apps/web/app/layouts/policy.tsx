import { Outlet } from 'react-router';
import { SiteChrome } from '../components/site-chrome.tsx';

/** Footer only (terms and policy pages). */
export default function PolicyLayout() {
  return (
    <SiteChrome footer>
      <Outlet />
    </SiteChrome>
  );
}
