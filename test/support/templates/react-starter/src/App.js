export default function App() {
  return (
    <div className="App">
      <h1>Hello Bullpen</h1>
      <h2>Start editing to see some magic happen!</h2>
    </div>
  );
}
