export default function SearchPage(_props: { provider?: string }) { return null; }
