class S { stop(): void {} }
class U extends S { stop(): void { super.stop(); } }
