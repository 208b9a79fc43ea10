export default function HomePage(_props: { provider?: string }) { return null; }
