// A route of the floor's tree that the bench never asks: it is there so the tree has the portal's size.
export default function Filler() {
  return <p>—</p>
}
