"""The colour of a print file: a PDF/X-4 output intent, and every RGB colour made device-independent.

A PDF/X-4 file names the press condition it was made for (its *output intent*: an ICC profile of a
printer, class ``prtr``), and every colour in it is either of that condition (CMYK, grey) or
device-independent (ICC-based, Lab). WeasyPrint writes the book's colours as DeviceRGB; here they
are tagged as sRGB (the colour space CSS colours are defined in), so a printer's RIP converts them
to its press with the two profiles, as it does for any RGB picture in a PDF/X-4 file:

- every page's and every form's resources get ``DefaultRGB``, which remaps DeviceRGB drawing
  (``rg``/``RG``) to the sRGB profile;
- an image, a shading or a transparency group said to be DeviceRGB is said to be sRGB directly.

The sRGB profile is WeasyPrint's own (it embeds it for PDF/A). The output profile is the
printer's (``output-profile`` in ``[tool.rulewright.print]``) or, by default, Ghostscript's CMYK
profile as the system's Ghostscript package installs it (the file is read from there, not kept in
Rulewright: Debian's libgs-common, Fedora's and Homebrew's ghostscript).
"""
from __future__ import annotations

import glob
from importlib.resources import files
from pathlib import Path

from rulewright.problems import ExampleProblem, Where

GHOSTSCRIPT_PROFILES = (
    "/usr/share/color/icc/ghostscript/default_cmyk.icc",
    "/usr/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/usr/local/share/ghostscript/*/iccprofiles/default_cmyk.icc",
    "/opt/homebrew/share/ghostscript/*/iccprofiles/default_cmyk.icc",
)
PRINTER_CLASS = b"prtr"


def output_profile(chosen: Path | None, pyproject: Path | None) -> Path:
    """The output intent's profile: the one the project names, else Ghostscript's CMYK profile."""
    if chosen is not None:
        path = chosen
    else:
        found = [hit for pattern in GHOSTSCRIPT_PROFILES for hit in sorted(glob.glob(pattern))]
        if not found:
            raise ExampleProblem(Where(str(pyproject or "pyproject.toml"), 1),
                                 "A print file needs the ICC profile of the press it is printed on, and none was "
                                 "found. Name your printer's profile in pyproject.toml, [tool.rulewright.print] "
                                 "output-profile = \"press.icc\", or install Ghostscript (Debian and Ubuntu: "
                                 "apt-get install ghostscript), whose CMYK profile is used by default.")
        path = Path(found[0])
    data = path.read_bytes()
    if len(data) < 128 or data[36:40] != b"acsp":
        raise ExampleProblem(Where(str(path), 1), f"{path} is not an ICC profile. Name the .icc file your printer "
                             "gave you in pyproject.toml, [tool.rulewright.print] output-profile.")
    if data[12:16] != PRINTER_CLASS or data[16:20] not in (b"CMYK", b"GRAY"):
        raise ExampleProblem(Where(str(path), 1), f"{path} is not a printer's CMYK or grey profile (it is a "
                             f"{data[16:20].decode(errors='replace').strip()} profile of class "
                             f"'{data[12:16].decode(errors='replace')}'). A print file's output intent is the "
                             "press's profile: ask your printer for it (for example FOGRA39 or GRACoL).")
    return path


def description(data: bytes) -> str:
    """The profile's own name (its ``desc`` tag), for the output intent's Info."""
    count = int.from_bytes(data[128:132], "big")
    for i in range(count):
        entry = 132 + 12 * i
        signature = data[entry:entry + 4]
        offset = int.from_bytes(data[entry + 4:entry + 8], "big")
        if signature != b"desc":
            continue
        kind = data[offset:offset + 4]
        if kind == b"desc":  # ICC v2: a count, then ASCII
            length = int.from_bytes(data[offset + 8:offset + 12], "big")
            return data[offset + 12:offset + 12 + length].rstrip(b"\0").decode("latin-1").strip()
        if kind == b"mluc":  # ICC v4: the first record, UTF-16
            size = int.from_bytes(data[offset + 20:offset + 24], "big")
            start = int.from_bytes(data[offset + 24:offset + 28], "big")
            return data[offset + start:offset + start + size].decode("utf-16-be", errors="replace").strip()
    return "Output profile"


def srgb_profile() -> bytes:
    return (files("weasyprint.pdf") / "sRGB2014.icc").read_bytes()


def make_print_ready(pdf, profile: Path, condition: str = "") -> None:
    """Give ``pdf`` (a ``pikepdf.Pdf``) its output intent and its RGB colour as sRGB."""
    import pikepdf  # noqa: PLC0415 - optional extra [print]
    from pikepdf import Array, Dictionary, Name  # noqa: PLC0415 - optional extra [print]

    data = profile.read_bytes()
    components = 1 if data[16:20] == b"GRAY" else 4
    name = description(data)
    destination = pikepdf.Stream(pdf, data)
    destination["/N"] = components
    intent = Dictionary(Type=Name.OutputIntent, S=Name.GTS_PDFX, OutputConditionIdentifier=condition or "Custom",
                        OutputCondition=name, Info=name, RegistryName="http://www.color.org",
                        DestOutputProfile=destination)
    pdf.Root.OutputIntents = Array([intent])

    srgb = pikepdf.Stream(pdf, srgb_profile())
    srgb["/N"] = 3
    srgb["/Alternate"] = Name.DeviceRGB
    icc_rgb = pdf.make_indirect(Array([Name.ICCBased, srgb]))
    for obj in pdf.objects:
        for dictionary in _dictionaries(obj):
            for key in ("/ColorSpace", "/CS"):
                if dictionary.get(key) == Name.DeviceRGB:
                    dictionary[key] = icc_rgb
    for owner in _resource_owners(pdf):
        resources = owner.get("/Resources")
        if resources is None:
            resources = owner["/Resources"] = Dictionary()
        spaces = resources.get("/ColorSpace")
        if spaces is None:
            spaces = resources["/ColorSpace"] = Dictionary()
        spaces["/DefaultRGB"] = icc_rgb


def _dictionaries(obj):
    """``obj`` (an indirect object) and the dictionaries written inside it (a page's transparency
    group, an image's soft mask's), not those it refers to, which are objects of their own."""
    import pikepdf  # noqa: PLC0415 - optional extra [print]

    stack = [obj]
    while stack:
        item = stack.pop()
        if isinstance(item, (pikepdf.Dictionary, pikepdf.Stream)):
            yield item
            children = [item[key] for key in item.keys()]
        elif isinstance(item, pikepdf.Array):
            children = list(item)
        else:
            continue
        stack.extend(child for child in children
                     if isinstance(child, (pikepdf.Dictionary, pikepdf.Array)) and not child.is_indirect)


def _resource_owners(pdf):
    """Every page, and every form, pattern and Type 3 font: each thing with a content stream."""
    import pikepdf  # noqa: PLC0415 - optional extra [print]

    yield from (page.obj for page in pdf.pages)
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == pikepdf.Name.Form:
            yield obj
        elif isinstance(obj, (pikepdf.Stream, pikepdf.Dictionary)) and obj.get("/Type") == pikepdf.Name.Pattern \
                and obj.get("/PatternType") == 1:
            yield obj
