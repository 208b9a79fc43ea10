import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyTheme, parseTheme } from './ui/theme';
// Korean type everywhere: Pretendard from npm (WOFF2, font-display: swap) in the weights the UI
// uses, so every machine and an OBS browser source render the same, with or without Korean fonts.
import '@fontsource/pretendard/400.css';
import '@fontsource/pretendard/600.css';
import '@fontsource/pretendard/700.css';
import './styles/base.css';
import './styles/components.css';
import './styles/shell.css';
import './styles/map.css';
import './styles/pages.css';

// Paint the stored theme before the first render so a light-theme user never sees a dark flash.
applyTheme(parseTheme(localStorage.getItem('theme')));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
