/** One article of a legal text: a heading and its paragraphs or list items. */
export interface Article {
  title: string;
  body: (string | string[])[];
}

/** A legal document (terms, privacy policy): title, effective date, introduction and articles. */
export interface LegalText {
  title: string;
  effective: string;
  intro: string;
  articles: Article[];
}

/** The frame every legal page shares. */
export const legalFrame = {
  effective: (date: string) => `시행일: ${date}`,
  toc: '목차',
  articleHeading: (n: number, title: string) => `제${n}조 (${title})`,
} as const;
