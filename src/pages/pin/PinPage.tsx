export default function PinPage(_props: { provider?: string }) { return null; }
