import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyTheme, parseTheme } from './ui/theme';
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
