// decklab report: click a header of a table.sortable to sort its rows by
// that column (numbers numerically, text alphabetically, empty cells
// last); click again to reverse. Enter or Space on a focused header does
// the same. With #selftest in the URL, the page sorts
// the card table by every column both ways, checks each order and records
// the outcome in the body's data-selftest attribute: "ok:N" (N columns
// checked) or "fail:COLUMN".
(function () {
  "use strict";
  function key(cell) {
    if (cell && cell.hasAttribute("data-sort")) {
      var v = cell.getAttribute("data-sort");
      return v === "" ? null : Number(v);
    }
    var t = cell ? cell.textContent.trim() : "";
    if (t === "" || t === "\u2014") return null;
    var n = Number(t);
    return isNaN(n) ? t : n;
  }
  function compare(x, y) {
    if (x === null || y === null) return (x === null) - (y === null);
    if (typeof x !== typeof y) return typeof x === "number" ? -1 : 1;
    return typeof x === "number" ? x - y : x.localeCompare(y);
  }
  function ordered(body, col, dir) {
    var rows = body.rows;
    for (var i = 1; i < rows.length; i++) {
      var x = key(rows[i - 1].cells[col]), y = key(rows[i].cells[col]);
      var c = (x === null || y === null) ? compare(x, y) : dir * compare(x, y);
      if (c > 0) return false;
    }
    return true;
  }
  function sortBy(th) {
    var table = th.closest("table"), body = table.tBodies[0], col = th.cellIndex;
    var dir = th.getAttribute("aria-sort") === "ascending" ? -1 : 1;
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (a, b) {
      var x = key(a.cells[col]), y = key(b.cells[col]);
      return (x === null || y === null) ? compare(x, y) : dir * compare(x, y);
    });
    Array.prototype.forEach.call(th.parentNode.cells, function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", dir > 0 ? "ascending" : "descending");
    rows.forEach(function (r) { body.appendChild(r); });
  }
  document.querySelectorAll("table.sortable th").forEach(function (th) {
    th.tabIndex = 0;
    th.addEventListener("click", function () { sortBy(th); });
    th.addEventListener("keydown", function (e) {
      if (e.key === "Enter" || e.key === " ") { e.preventDefault(); sortBy(th); }
    });
  });
  if (location.hash === "#selftest") {
    var table = document.getElementById("cards-table"), result = "fail:no card table";
    if (table) {
      var heads = table.tHead.rows[0].cells;
      result = "ok:" + heads.length;
      for (var i = 0; i < heads.length && result.indexOf("ok") === 0; i++) {
        heads[i].click();
        var up = ordered(table.tBodies[0], i, 1);
        heads[i].click();
        if (!up || !ordered(table.tBodies[0], i, -1)) result = "fail:" + heads[i].textContent;
      }
    }
    document.body.setAttribute("data-selftest", result);
  }
})();
