// The addresses of a cache-miss case: many different ones, each handed out once, in an order spread over the whole
// space (neighbouring ids would read neighbouring pages of the tables), so no request can be a cache hit.

export class AddressPool {
  private next = 0
  private readonly stride: number

  /** `address(i)` for i in [0, size) must give `size` different cache keys. */
  constructor(
    readonly size: number,
    private readonly address: (i: number) => string,
  ) {
    if (!Number.isSafeInteger(size) || size < 1) throw new Error(`an address pool needs at least one address, got ${size}`)
    this.stride = strideFor(size)
  }

  /** Addresses handed out so far. */
  get used(): number {
    return this.next
  }

  get remaining(): number {
    return this.size - this.next
  }

  /** The same addresses, each changed by `change` (a page's as its data request), handed out from the start. */
  map(change: (address: string) => string): AddressPool {
    return new AddressPool(this.size, (i) => change(this.address(i)))
  }

  /** The first `count` addresses in the order they are handed out, without handing them out. */
  peek(count: number): string[] {
    return Array.from({ length: Math.min(count, this.size) }, (_, i) => this.address((i * this.stride) % this.size))
  }

  /** The next unused address, or null when every address has been handed out. */
  take(): string | null {
    if (this.next >= this.size) return null
    const i = this.next++
    return this.address((i * this.stride) % this.size)
  }
}

/** A step through [0, size) that visits every index once: coprime with size and near its golden section. */
function strideFor(size: number): number {
  if (size < 3) return 1
  let stride = Math.max(1, Math.round(size * 0.6180339887))
  while (gcd(stride, size) !== 1) stride += 1
  return stride % size || 1
}

function gcd(a: number, b: number): number {
  while (b) [a, b] = [b, a % b]
  return a
}

/** The addresses of `parts` crossed: every combination once, the first part varying fastest. */
export function crossed<T extends unknown[][]>(parts: [...T], build: (...values: { [K in keyof T]: T[K][number] }) => string): AddressPool {
  const size = parts.reduce((n, p) => n * p.length, 1)
  return new AddressPool(size, (i) => {
    const values: unknown[] = []
    for (const part of parts) {
      values.push(part[i % part.length])
      i = Math.floor(i / part.length)
    }
    return build(...(values as { [K in keyof T]: T[K][number] }))
  })
}
