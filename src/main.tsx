// First: the map's first requests leave before the rest of the app's modules evaluate (issue 21).
import './early-start';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyTheme, parseTheme } from './ui/theme';
import { loadWorld } from './data/world';
import { registerServiceWorker } from './pwa/register';
import { startRendererEarly } from './engine';
import { isMapRoute } from './map-routes';
import { preloadPage } from './App';
// Korean type everywhere: Noto Sans KR from npm (fontsource, a variable font for every weight,
// font-display: swap), cut into unicode-range slices so a page downloads only the slices of the
// characters it shows. Every machine and an OBS browser source render the same, Korean fonts or not.
import '@fontsource-variable/noto-sans-kr/wght.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/map.css';
import './styles/pages.css';

// Paint the stored theme before the first render so a light-theme user never sees a dark flash.
applyTheme(parseTheme(localStorage.getItem('theme')));

// Offline and installable (a built client only): the app shell, tiles seen and updates announced, never forced.
registerServiceWorker();

// The regions and floor areas come from the server (GET /api/v1/world) before anything reads them.
const world = loadWorld();
// While the world, the page's chunks and the pins are on their way, a map route starts the map's renderer (its WebGL
// context and programs: a few hundred ms of main thread on a software GPU), which the map's engine takes up when it
// mounts, and asks for its page's chunk beside the shell's rather than after it (issue 21).
if (isMapRoute(location.pathname)) {
  preloadPage(location.pathname);
  startRendererEarly();
}
void world.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
