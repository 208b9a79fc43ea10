export default function RegisterPage(_props: { provider?: string }) { return null; }
