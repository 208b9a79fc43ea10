import type { FastifyRequest } from 'fastify';

const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPod/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Macintosh|Mac OS X/, 'Mac'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser/, 'Samsung Internet'],
  [/Whale\//, 'Whale'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\/|Chromium\/|CriOS/, 'Chrome'],
  [/Safari\//, 'Safari'],
];

/** A short name of the caller's device for the action list ("Android · Chrome"); '' when unknown. */
export function deviceLabel(request: FastifyRequest): string {
  const ua = request.headers['user-agent'] ?? '';
  const system = SYSTEMS.find(([re]) => re.test(ua))?.[1];
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1];
  return [system, browser].filter(Boolean).join(' · ');
}
