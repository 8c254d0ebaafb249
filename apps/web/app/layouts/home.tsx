import { Outlet } from 'react-router';
import { SiteChrome } from '../components/site-chrome.tsx';

/** Top bar and footer; the home page renders its own header block. */
export default function HomeLayout() {
  return (
    <SiteChrome topBar footer>
      <Outlet />
    </SiteChrome>
  );
}
