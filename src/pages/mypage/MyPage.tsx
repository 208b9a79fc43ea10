export default function MyPage(_props: { provider?: string }) { return null; }
