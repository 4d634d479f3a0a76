"""The SVG builder every picture is drawn with (gamewidgets.svg.Drawing): any text, in
any place, makes well-formed XML; what XML cannot hold is left out, the rest is kept."""

from xml.dom.minidom import parseString

from hypothesis import example, given
from hypothesis import strategies as st

from gamewidgets.svg import Drawing

# every code point, the surrogates and the control characters included
any_text = st.text(st.characters(exclude_categories=()), max_size=12)


def xml_can_hold(c):
    return c in "\t\n\r" or 0x20 <= ord(c) < 0xD800 or 0xE000 <= ord(c) < 0xFFFE or ord(c) > 0xFFFF


def kept(text):
    return "".join(c for c in text if xml_can_hold(c))


@given(any_text)
@example("\x08")  # the backspace a title once carried into an invalid picture
@example("\ud800 <&>\"' \x00\uffff\r\n\t")
def test_any_text_in_any_place_makes_well_formed_xml(text):
    drawing = Drawing(40, 20, label=text)
    drawing.add("text", x=1, y=2, text=text, title=text, data_note=text)
    svg = parseString(str(drawing)).documentElement
    (node,) = svg.getElementsByTagName("text")
    assert node.getAttribute("data-note") == kept(text)
    assert svg.getAttribute("aria-label") == (kept(text) if text else "")
    content = "".join(child.data for child in node.childNodes if child.nodeType == child.TEXT_NODE)
    assert content == kept(text).replace("\r\n", "\n").replace("\r", "\n")  # as XML reads line ends
    titles = node.getElementsByTagName("title")
    assert len(titles) == (1 if text else 0)
    if text:
        assert "".join(child.data for child in titles[0].childNodes) == content
