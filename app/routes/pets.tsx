export default function Placeholder() {
  return <main><h1>Under construction</h1></main>
}
