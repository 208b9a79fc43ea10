import { map } from './map';
import { route } from './route';

/** Keyboard mode on the map and the shortcut list (?). */
export const keyboard = {
  mapLabel: '지도',
  mapHelp: '화살표 키로 가까운 핀으로 이동, Enter로 열기, F로 찾음 표시, ?로 단축키 목록을 봅니다.',
  focused: (title: string) => `${title} 핀 선택됨. Enter로 열기, F로 찾음 표시`,
  shortcutsTitle: '키보드 단축키',
  groups: [
    {
      title: '지도',
      keys: [
        ['←↑→↓', '가까운 핀으로 이동 (지도에 초점이 있을 때)'],
        ['Enter', '선택한 핀 열기'],
        ['F', '선택한 핀을 찾음 / 못 찾음으로 표시'],
        ['W A S D', '지도 이동'],
        ['+ / −', '확대 / 축소'],
      ],
    },
    {
      title: '도구',
      keys: [
        ['R', map.tools.rect],
        ['L', map.tools.lasso],
        ['P', map.tools.route],
        ['N', `${route.nearest}으로 이동`],
        ['Esc', '선택 끝내기, 핀 정보 닫기'],
        ['Ctrl+Z', '마지막 표시 실행 취소'],
        ['?', '이 목록 보기'],
      ],
    },
  ] as { title: string; keys: [string, string][] }[],
} as const;
