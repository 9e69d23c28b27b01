// Rulewright: every diagram opens full size on click (a link to its SVG beside it, too).
document.addEventListener("DOMContentLoaded", function () {
  document.querySelectorAll(".rw-diagram object, .rw-diagram img").forEach(function (picture) {
    var source = picture.getAttribute("data") || picture.getAttribute("src");
    if (!source) return;
    var link = document.createElement("a");
    link.href = source;
    link.target = "_blank";
    link.className = "rw-diagram-link";
    link.title = "Open the diagram full size";  // the link's name is the picture's alternative text
    picture.parentNode.insertBefore(link, picture);
    link.appendChild(picture);
    // An <object> takes the clicks itself; let them through to the link.
    picture.style.pointerEvents = "none";
    var open = document.createElement("a");
    open.href = source;
    open.target = "_blank";
    open.className = "rw-diagram-open";
    open.textContent = "Open full size";
    // a screen reader says which diagram (the picture's own alternative text names it)
    var named = picture.getAttribute("alt");
    if (named) open.setAttribute("aria-label", "Open full size: " + named);
    link.parentNode.insertBefore(open, link.nextSibling);
  });
});
