// The page of mc explore. The server expands one configuration a request (/api/state); the
// path walked is kept here, so that going back costs no request and the server holds no
// session. The address's "#c=KEY" names the configuration shown, so that a reload starts
// there again.
"use strict";
(function () {
  function $(id) { return document.getElementById(id); }
  var start = null; // the answer of /api/initial
  var path = [];    // {view, step}: step is the successor taken into view (null at the start)
  var busy = false; // a request is under way: a second click must not branch the path

  function api(url) {
    return fetch(url, {headers: {Accept: "application/json"}}).then(function (r) {
      return r.json().catch(function () { return {error: r.status + " " + r.statusText}; }).then(function (body) {
        if (!r.ok) throw new Error(body.error || r.statusText);
        return body;
      });
    });
  }

  function showError(msg) {
    $("error").textContent = msg || "";
    $("error").hidden = !msg;
  }

  function stateURL(key, from, step) {
    var url = "/api/state?c=" + encodeURIComponent(key);
    if (from !== undefined) url += "&from=" + encodeURIComponent(from) + "&step=" + step;
    return url;
  }

  // request runs one request at a time, and shows its error.
  function request(url, then) {
    if (busy) return;
    busy = true;
    api(url).then(function (body) { busy = false; showError(""); then(body); },
      function (err) { busy = false; showError(err.message); });
  }

  function begin(key) {
    request(stateURL(key.trim()), function (v) { path = [{view: v, step: null}]; render(); });
  }

  function take(i) {
    var cur = path[path.length - 1].view, s = cur.successors[i];
    if (!s) return;
    request(stateURL(s.key, cur.key, s.index), function (v) { path.push({view: v, step: s}); render(); });
  }

  function backTo(i) {
    if (i < 0 || i >= path.length - 1) return;
    path.length = i + 1;
    render();
  }

  function cell(row, text, cls) {
    var td = document.createElement("td");
    td.textContent = text;
    if (cls) td.className = cls;
    row.appendChild(td);
    return td;
  }

  function procs(list) {
    return list.map(function (p) { return (start.procs || [])[p] || "P" + p; }).join(" ");
  }

  function renderStatus(v, step) {
    var legit = $("legit");
    legit.textContent = v.legit === null ? "" : v.legit ? "legitimate" : "not legitimate";
    legit.className = "verdict " + (v.legit ? "holds" : "inconclusive");
    $("failing").textContent = v.failing && v.failing.length ? "invariant fails: " + v.failing.join(", ") : "";
    var en = "";
    if (v.enabled) en = "enabled: " + (v.enabled.length ? procs(v.enabled) : "nobody");
    $("enabled").textContent = en;
    $("via").textContent = step ? "last step: " + step.step : "start of the path";
  }

  function renderSuccessors(v) {
    var body = $("succ");
    body.textContent = "";
    v.successors.forEach(function (s, i) {
      var tr = document.createElement("tr");
      tr.tabIndex = 0;
      cell(tr, i < 9 ? String(i + 1) : "", "num");
      cell(tr, s.step);
      cell(tr, s.key === v.key ? "none" : s.changes, s.key === v.key ? "self" : "");
      var to = cell(tr, s.key + (s.legit ? "  ✓ legitimate" : ""), s.legit === null ? "" : s.legit ? "legit" : "notlegit");
      to.title = s.legit === null ? "" : s.legit ? "a legitimate configuration" : "not legitimate";
      tr.addEventListener("click", function () { take(i); });
      tr.addEventListener("keydown", function (e) { if (e.key === "Enter") take(i); });
      body.appendChild(tr);
    });
    var n = v.successors.length;
    $("count").textContent = "(" + (v.truncated ? "the first " + n.toLocaleString("en") + " listed" : n) + ")";
    var note = v.note || "";
    if (!n && !note) note = "None: no process can move, the execution ends here.";
    $("succnote").textContent = note;
  }

  function renderPath() {
    var head = $("pathhead"), body = $("path");
    head.textContent = "";
    body.textContent = "";
    var tr = document.createElement("tr");
    ["#", "step"].concat(start.variables, ["legit", "enabled"]).forEach(function (name) {
      var th = document.createElement("th");
      th.textContent = name;
      tr.appendChild(th);
    });
    head.appendChild(tr);
    path.forEach(function (p, i) {
      var row = document.createElement("tr");
      if (i === path.length - 1) row.className = "current";
      cell(row, String(i));
      cell(row, p.step ? p.step.step : "");
      p.view.values.forEach(function (val) { cell(row, val.value, val.changed ? "chg" : ""); });
      cell(row, p.view.legit === null ? "" : p.view.legit ? "✓" : "", "legit");
      cell(row, p.view.enabled ? procs(p.view.enabled) : "");
      row.title = "back to this configuration";
      row.addEventListener("click", function () { backTo(i); });
      body.appendChild(row);
    });
    var rows = body.parentNode.parentNode;
    rows.scrollTop = rows.scrollHeight;
    $("steps").textContent = "(" + (path.length - 1) + " step" + (path.length === 2 ? "" : "s") + ")";
    $("back").disabled = path.length < 2;
  }

  function render() {
    var p = path[path.length - 1], v = p.view;
    $("picture").innerHTML = v.svg;
    $("key").value = v.key;
    renderStatus(v, p.step);
    renderSuccessors(v);
    renderPath();
    $("copied").textContent = "";
    $("tracetext").hidden = true;
    history.replaceState(null, "", "#c=" + encodeURIComponent(v.key));
  }

  // trace is the path in mc's trace JSON; a path that ends where it has been before is a
  // lasso, whose last step returns to loop_start.
  function trace() {
    var keys = path.map(function (p) { return p.view.key; });
    var end = keys.length - 1, loop = keys.indexOf(keys[end]);
    var states = path.slice(0, loop < end ? end : end + 1).map(function (p) {
      return p.view.values.map(function (val) { return val.number ? Number(val.value) : val.value; });
    });
    return {
      loop_start: loop < end ? loop : null,
      variables: start.variables,
      states: states,
      actions: path.slice(1).map(function (p) { return {index: p.step.index, moves: p.step.moves}; })
    };
  }

  function copyTrace() {
    var text = JSON.stringify(trace(), null, 2), steps = path.length - 1;
    var said = "copied: " + steps + " step" + (steps === 1 ? "" : "s") + " as a trace";
    function show() {
      var box = $("tracetext");
      box.value = text;
      box.hidden = false;
      box.select();
      $("copied").textContent = "the clipboard is not available: copy the text below";
    }
    if (navigator.clipboard && navigator.clipboard.writeText) {
      navigator.clipboard.writeText(text).then(function () { $("copied").textContent = said; }, show);
    } else {
      show();
    }
  }

  function random() {
    request("/api/random", function (r) { begin(r.key); });
  }

  function setup(s) {
    start = s;
    $("title").textContent = "mc explore · " + s.title;
    document.title = "mc explore · " + s.title;
    $("vars").textContent = "A configuration is the values of " + s.variables.join(", ") +
      ", in this order, separated by commas (a value by its name or its number).";
    $("key").placeholder = s.variables.join(",");
    var group = document.createElement("optgroup");
    group.label = s.note;
    s.configs.forEach(function (k) {
      var o = document.createElement("option");
      o.value = o.textContent = k;
      group.appendChild(o);
    });
    $("initial").appendChild(group);
    var m = /^#c=(.*)$/.exec(location.hash);
    if (m) begin(decodeURIComponent(m[1]));
    else if (s.configs.length) begin(s.configs[0]);
    else random();
  }

  $("goto").addEventListener("submit", function (e) { e.preventDefault(); begin($("key").value); });
  $("random").addEventListener("click", random);
  $("initial").addEventListener("change", function () {
    var k = this.value;
    this.value = "";
    if (k) begin(k);
  });
  $("back").addEventListener("click", function () { backTo(path.length - 2); });
  $("copy").addEventListener("click", copyTrace);
  document.addEventListener("keydown", function (e) {
    var tag = e.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA" || e.ctrlKey || e.metaKey || e.altKey || !path.length) return;
    if (e.key >= "1" && e.key <= "9") take(+e.key - 1);
    else if (e.key === "ArrowLeft" || e.key === "Backspace") backTo(path.length - 2);
    else if (e.key === "r") random();
    else return;
    e.preventDefault();
  });
  api("/api/initial").then(setup, function (err) { showError(err.message); });
})();
