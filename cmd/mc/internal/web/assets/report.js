// The step-through of mc's HTML report. The traces come as JSON in #mc-data; each section
// .trace[data-trace=i] shows one configuration of trace i at a time. "#t=I&s=J" (J a number
// or "last") in the address opens trace I at shown configuration J. When drawn, the page sets
// data-ready on <body> to the milliseconds since it was asked for, and data-script to those
// its script took (bench/report.sh reads them).
"use strict";
(function () {
  var traces = JSON.parse(document.getElementById("mc-data").textContent) || [];
  var SVGNS = "http://www.w3.org/2000/svg";

  function svg(tag, attrs, parent) {
    var el = document.createElementNS(SVGNS, tag);
    for (var k in attrs) el.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(el);
    return el;
  }

  // where puts shown configuration i on the track by its step number, so that a summarised
  // trace's gaps keep their length: along the stem, or round the loop, which starts at the
  // circle's leftmost point and goes round it anticlockwise on the screen.
  // counted writes a count and its noun, singular for one: "1 step", "1,200 steps".
  function counted(n, noun) {
    return n.toLocaleString("en") + " " + noun + (n === 1 ? "" : "s");
  }

  function where(t, i) {
    var st = t.States[Math.min(i, t.States.length - 1)], ls = t.LoopStart;
    var steps = st.Back ? t.Steps : st.Index;
    if (ls < 0) return {x: 10 + 360 * (t.Steps > 0 ? steps / t.Steps : 0), y: 65};
    var stem = t.States[ls].Index, loop = t.Steps - stem;
    if (steps <= stem) return {x: 10 + 210 * (stem > 0 ? steps / stem : 1), y: 65};
    var a = Math.PI + 2 * Math.PI * (steps - stem) / Math.max(loop, 1);
    return {x: 270 + 50 * Math.cos(a), y: 65 - 50 * Math.sin(a)};
  }

  function drawTrack(el, t) {
    var n = t.States.length, ls = t.LoopStart;
    var stem = ls < 0 ? t.Steps : t.States[ls].Index;
    if (ls < 0) {
      svg("line", {"class": "stem", x1: 10, y1: 65, x2: 370, y2: 65}, el);
    } else {
      if (ls > 0) svg("line", {"class": "stem", x1: 10, y1: 65, x2: 220, y2: 65}, el);
      svg("circle", {"class": "loop", cx: 270, cy: 65, r: 50}, el);
      svg("text", {x: 270, y: 69, "text-anchor": "middle"}, el).textContent = "loop of " + (t.Steps - stem).toLocaleString("en");
    }
    if (n <= 80) {
      for (var i = 0; i < n; i++) {
        var p = where(t, i);
        svg("circle", {"class": "tick" + (ls >= 0 && i >= ls ? " inloop" : ""), cx: p.x, cy: p.y, r: 3}, el);
      }
    }
    (t.Gaps || []).forEach(function (g) { // the steps left out, where they would be
      var a = where(t, g.After), b = where(t, g.After + 1), m = {x: (a.x + b.x) / 2, y: (a.y + b.y) / 2};
      svg("text", {"class": "gap", x: m.x, y: m.y - 10, "text-anchor": "middle"}, el).textContent = "⋯";
    });
    var hidden = (t.Gaps || []).reduce(function (sum, g) { return sum + g.Steps - 1; }, 0);
    svg("text", {x: 10, y: 125}, el).textContent = (ls < 0 ? "path of " + counted(t.Steps, "step") :
      "stem of " + counted(stem, "step") + ", then the loop forever") +
      (hidden ? " (" + counted(hidden, "configuration") + " not shown)" : "");
    return svg("circle", {"class": "now", cx: 10, cy: 65, r: 7}, el);
  }

  function fillRows(sec, t) {
    var head = sec.querySelector(".rows thead"), body = sec.querySelector(".rows tbody");
    var tr = document.createElement("tr");
    ["#", "step"].concat(t.Variables, ["enabled"]).forEach(function (name) {
      var th = document.createElement("th");
      th.textContent = name;
      tr.appendChild(th);
    });
    head.appendChild(tr);
    var frag = document.createDocumentFragment(), rows = [];
    t.States.forEach(function (st, i) {
      var row = document.createElement("tr");
      if (t.LoopStart >= 0 && i >= t.LoopStart) row.className = "inloop";
      var cells = [st.Back ? "↺ " + st.Index : String(st.Index), st.Step].concat(st.Values, [st.Enabled]);
      var changed = {};
      (st.Changed || []).forEach(function (v) { changed[v + 2] = true; });
      cells.forEach(function (text, c) {
        var td = document.createElement("td");
        td.textContent = text;
        if (changed[c]) td.className = "chg";
        row.appendChild(td);
      });
      row.addEventListener("click", function () { sec.show(i); });
      rows.push(row);
      frag.appendChild(row);
      (t.Gaps || []).forEach(function (g) {
        if (g.After !== i) return;
        var gap = document.createElement("tr");
        gap.className = "gap";
        var td = document.createElement("td");
        td.colSpan = cells.length;
        td.textContent = "… " + counted(g.Steps - 1, "configuration") + " not shown, " +
          counted(g.Steps, "step") + ": " + g.Summary;
        gap.appendChild(td);
        frag.appendChild(gap);
      });
    });
    body.appendChild(frag);
    return rows;
  }

  // reveal scrolls the table's box so that the current row is in view with a few rows
  // either side, centred when it was out of view or at an edge; unless quiet (the page is
  // being drawn), it then scrolls the page, as little as it takes, to bring the row in view.
  function reveal(box, row, quiet) {
    var b = box.getBoundingClientRect(), r = row.getBoundingClientRect();
    var head = box.querySelector("thead").getBoundingClientRect().height, margin = 2 * r.height;
    if (r.top < b.top + head + margin || r.bottom > b.bottom - margin) {
      box.scrollTop += r.top - b.top - head - (box.clientHeight - head - r.height) / 2;
    }
    r = row.getBoundingClientRect();
    if (!quiet && (r.top < 0 || r.bottom > window.innerHeight)) row.scrollIntoView({block: "nearest"});
    r = row.getBoundingClientRect();
    box.dataset.shown = String(r.top >= b.top + head - 1 && r.bottom <= b.bottom + 1); // for the tests
  }

  // fitBox makes the table's box as tall as the window leaves below the section's heading,
  // controls and picture, so that the section at the top of the window shows them all.
  function fitBox(sec, box) {
    var above = box.getBoundingClientRect().top - sec.getBoundingClientRect().top;
    box.style.maxHeight = Math.max(240, window.innerHeight - above - 24) + "px";
  }

  function setup(sec) {
    var t = traces[+sec.dataset.trace];
    if (!t || !t.States || !t.States.length) return;
    var n = t.States.length, cur = -1;
    var slider = sec.querySelector(".slider"), pic = sec.querySelector(".picture");
    var label = sec.querySelector(".where"), step = sec.querySelector(".step"), en = sec.querySelector(".enabled");
    var now = drawTrack(sec.querySelector(".track"), t), rows = fillRows(sec, t), box = sec.querySelector(".rows");
    slider.max = n - 1;
    // the legend names only what this trace's pictures show
    sec.querySelectorAll(".legend [data-mark]").forEach(function (item) {
      var mark = item.dataset.mark;
      var re = mark.indexOf("mc-") === 0 ? new RegExp('class="' + mark + '"') : new RegExp('class="mc-proc[^"]*\\b' + mark + '\\b');
      item.hidden = !t.States.some(function (st) { return re.test(st.SVG); });
    });
    sec.show = function (i, quiet) {
      if (isNaN(i)) return;
      i = Math.max(0, Math.min(n - 1, i));
      if (i === cur) return;
      if (cur >= 0) rows[cur].classList.remove("current");
      cur = i;
      var st = t.States[i];
      pic.innerHTML = st.SVG;
      slider.value = i;
      rows[i].classList.add("current");
      label.textContent = "configuration " + st.Index.toLocaleString("en") + (st.Back ? " again (the loop closes)" : "") +
        " · step " + (st.Back ? t.Steps : st.Index).toLocaleString("en") + " of " + t.Steps.toLocaleString("en");
      step.textContent = st.Step ? "step: " + st.Step : "initial configuration";
      en.textContent = "enabled: " + (st.Enabled || "nobody");
      var p = where(t, i);
      now.setAttribute("cx", p.x);
      now.setAttribute("cy", p.y);
      reveal(box, rows[i], quiet);
    };
    // next from a lasso's closing configuration goes round the loop again
    function next() { sec.show(t.LoopStart >= 0 && cur === n - 1 ? t.LoopStart + 1 : cur + 1); }
    sec.querySelector(".first").addEventListener("click", function () { sec.show(0); });
    sec.querySelector(".prev").addEventListener("click", function () { sec.show(cur - 1); });
    sec.querySelector(".next").addEventListener("click", next);
    sec.querySelector(".last").addEventListener("click", function () { sec.show(n - 1); });
    slider.addEventListener("input", function () { sec.show(+slider.value); });
    sec.addEventListener("keydown", function (e) {
      if (e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return; // the browser's own keys

      var keys = {ArrowLeft: cur - 1, Home: 0, End: n - 1};
      if (e.key === "ArrowRight") { next(); e.preventDefault(); }
      else if (e.key in keys) { sec.show(keys[e.key]); e.preventDefault(); }
    });
    sec.show(0, true);
    fitBox(sec, box);
    window.addEventListener("resize", function () { fitBox(sec, box); });
  }

  var start = performance.now();
  var sections = document.querySelectorAll(".trace");
  for (var i = 0; i < sections.length; i++) setup(sections[i]);
  var m = /t=(\d+)&s=(\d+|last)\b/.exec(location.hash);
  if (m && sections[+m[1]] && sections[+m[1]].show) {
    var sec = sections[+m[1]], t = traces[+m[1]];
    sec.show(m[2] === "last" ? t.States.length - 1 : +m[2], true);
    if (sec.getBoundingClientRect().top > 0.4 * window.innerHeight) sec.scrollIntoView();
  }
  document.body.dataset.script = String(Math.round(performance.now() - start));
  document.body.dataset.ready = String(Math.round(performance.now())); // since the page was asked for
})();
