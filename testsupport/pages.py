"""Pages read and forms sent the way a person does it, for the tests through the test client.

Pages are read the way a person reads them: `Page` parses the HTML into a small tree, so a test
can ask for the text of the scoreboard totals, the options a tap row offers, which option is
checked, and the error printed beside a field. Forms are sent the way a browser sends them:
`submit` starts from what the rendered form would send (hidden inputs, checked radios, typed
text, selected options) and refuses to tap a button the page does not offer. The answers that
are not pages are read here too: a CSV download, the Content-Security-Policy header.

Nothing here imports the app: the module reads HTML and drives whatever client it is given.
"""

from __future__ import annotations

from html.parser import HTMLParser

MINUS = "\u2212"  # the real minus sign the app prints before a negative number
VOID_TAGS = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}
CONTAINERS = {"fieldset", "label"}  # where an error message sits beside its field


class Node:
    """One element of a parsed page: its tag, attributes, parent and children."""

    def __init__(self, tag: str, attrs, parent: Node | None):
        """Keep the tag and attributes; children are added while parsing."""
        self.tag = tag
        self.attrs = {k: ("" if v is None else v) for k, v in attrs}
        self.parent = parent
        self.children: list[Node | str] = []

    @property
    def classes(self) -> set[str]:
        """The element's class names."""
        return set(self.attrs.get("class", "").split())

    def iter(self):
        """This element and every element inside it, in document order."""
        yield self
        for child in self.children:
            if isinstance(child, Node):
                yield from child.iter()

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list[Node]:
        """Elements inside (or equal to) this one with this tag, class and attribute values."""
        return [
            node
            for node in self.iter()
            if (tag is None or node.tag == tag)
            and (cls is None or cls in node.classes)
            and all(node.attrs.get(k) == v for k, v in attrs.items())
        ]

    def find(self, tag: str | None = None, cls: str | None = None, **attrs) -> Node:
        """The first matching element; fails the test when there is none."""
        found = self.find_all(tag, cls, **attrs)
        assert found, f"no <{tag or '*'} class={cls!r} {attrs}> on the page"
        return found[0]

    def raw_text(self) -> str:
        """The text inside this element, as written (entities already decoded)."""
        parts = []
        for child in self.children:
            parts.append(child if isinstance(child, str) else child.raw_text())
        return "".join(parts)

    @property
    def text(self) -> str:
        """The text inside this element with runs of white space made one space."""
        return " ".join(self.raw_text().split())

    def ancestors(self):
        """The elements this one sits in, innermost first."""
        node = self.parent
        while node is not None:
            yield node
            node = node.parent


class _TreeBuilder(HTMLParser):
    """Builds a `Node` tree; tolerant of stray end tags."""

    def __init__(self):
        """Start with an empty document node."""
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [], None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        """Open an element (void elements have no content)."""
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in VOID_TAGS:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        """A self-closed element."""
        self.current.children.append(Node(tag, attrs, self.current))

    def handle_endtag(self, tag):
        """Close the innermost open element with this tag, if any."""
        node = self.current
        while node is not None and node.tag != tag:
            node = node.parent
        if node is not None and node.parent is not None:
            self.current = node.parent

    def handle_data(self, data):
        """Text goes into the element being read."""
        self.current.children.append(data)


class Page:
    """A parsed HTML page or fragment, with the questions the tests ask of it."""

    def __init__(self, source):
        """Parse a response (kept as `response`) or an HTML string."""
        self.response = None if isinstance(source, str) else source
        self.html = source if isinstance(source, str) else source.get_data(as_text=True)
        builder = _TreeBuilder()
        builder.feed(self.html)
        builder.close()
        self.root = builder.root

    @property
    def text(self) -> str:
        """Everything a reader sees (and the title), white space collapsed."""
        return self.root.text

    def texts(self, cls: str, tag: str | None = None) -> list[str]:
        """The text of every element with this class."""
        return [node.text for node in self.root.find_all(tag, cls)]

    def rows(self, cls: str) -> list[tuple[str, ...]]:
        """The body rows of the table with this class, each as the texts of its cells (its
        header cells too), in order."""
        body = self.root.find("table", cls).find("tbody")
        cells = ("th", "td")
        return [tuple(c.text for c in r.iter() if c.tag in cells) for r in body.find_all("tr")]

    def find(self, tag: str | None = None, cls: str | None = None, **attrs) -> Node:
        """The first element with this tag, class and attributes."""
        return self.root.find(tag, cls, **attrs)

    def find_all(self, tag: str | None = None, cls: str | None = None, **attrs) -> list[Node]:
        """Every element with this tag, class and attributes."""
        return self.root.find_all(tag, cls, **attrs)

    def form(self, cls: str | None = None, action: str | None = None) -> Node:
        """The form with this class or action."""
        for form in self.root.find_all("form", cls):
            if action is None or form.attrs.get("action") == action:
                return form
        raise AssertionError(f"no form class={cls!r} action={action!r} on the page")

    def has_form(self, cls: str) -> bool:
        """Whether the page has a form with this class."""
        return bool(self.root.find_all("form", cls))

    def options(self, name: str) -> list[str]:
        """The values of the radio buttons (tap targets) offered for a field."""
        return [n.attrs.get("value") for n in self.root.find_all("input", name=name, type="radio")]

    def checked(self, name: str) -> str | None:
        """The value the page will send for a tap field: its checked radio button, or the hidden
        input that carries it while its row is not shown; None when there is neither."""
        values = [
            n.attrs.get("value")
            for n in self.root.find_all("input", name=name, type="radio")
            if "checked" in n.attrs
        ]
        values += [
            n.attrs.get("value") for n in self.root.find_all("input", name=name, type="hidden")
        ]
        assert len(values) <= 1, f"{name}: several options checked: {values}"
        return values[0] if values else None

    def value(self, name: str) -> str | None:
        """What a text/number input shows, or the selected option of a select."""
        for node in self.root.find_all(name=name):
            if node.tag == "input":
                return node.attrs.get("value", "")
            if node.tag == "select":
                return _selected(node)
        return None

    def errors(self, name: str) -> list[str]:
        """The error messages printed beside a field (in the fieldset or label holding it)."""
        messages = []
        for field in self.root.find_all(name=name):
            if field.tag not in ("input", "select", "textarea"):
                continue
            for box in field.ancestors():
                if box.tag in CONTAINERS:
                    for error in box.find_all(cls="error"):
                        if error.text not in messages:
                            messages.append(error.text)
        return messages

    def form_errors(self) -> list[str]:
        """Error messages that belong to no single field."""
        return [
            node.text
            for node in self.root.find_all(cls="error")
            if not any(box.tag in CONTAINERS for box in node.ancestors())
        ]

    def all_errors(self) -> list[str]:
        """Every error message on the page."""
        return self.texts("error")

    def totals(self) -> tuple[int, int]:
        """The two teams' totals on the scoreboard."""
        values = tuple(number(t) for t in self.texts("total"))
        assert len(values) == 2, values
        return values

    def bags(self) -> list[str]:
        """The two bag lines of the scoreboard, e.g. '1 bag · 9 to the penalty'."""
        return [node.text for node in self.root.find_all("p", "bags")]


def deal_line(page: Page) -> str:
    """The 'X deals · Y bids first' line above a game page's hand form."""
    return page.form("hand-form").find(cls="deal").text


def contracts(page: Page) -> list[str]:
    """The 'North & South need 7' lines a game page shows once the bids are in (none before)."""
    return [
        node.text for box in page.find_all(cls="contracts") for node in box.find_all(cls="contract")
    ]


def history(page: Page) -> list[str]:
    """The entries of a game page's history, top to bottom, as text."""
    return [li.text for li in page.find(cls="history").find_all("li", "hand")]


def number(text: str) -> int:
    """An integer as the app prints it, with a real minus sign or a hyphen."""
    return int(text.strip().replace(MINUS, "-"))


def _selected(select_node: Node) -> str:
    """The value a select sends: its selected option, else its first one."""
    options = select_node.find_all("option")
    for option in options:
        if "selected" in option.attrs:
            return option.attrs.get("value", option.text)
    return options[0].attrs.get("value", options[0].text) if options else ""


def form_data(form: Node) -> dict[str, str]:
    """What a browser sends for this form as rendered, before anything is tapped or typed."""
    data = {}
    for node in form.iter():
        name = node.attrs.get("name")
        if not name or "disabled" in node.attrs:
            continue
        if node.tag == "input":
            kind = node.attrs.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in node.attrs:
                    data[name] = node.attrs.get("value", "on")
            elif kind not in ("submit", "button", "image", "reset"):
                data[name] = node.attrs.get("value", "")
        elif node.tag == "select":
            data[name] = _selected(node)
        elif node.tag == "textarea":
            data[name] = node.raw_text()
    return data


def offered(form: Node, name: str) -> list[str] | None:
    """The values a person can pick for a field of this form; None for free text."""
    radios = [n.attrs.get("value") for n in form.find_all("input", name=name, type="radio")]
    if radios:
        return radios
    selects = form.find_all("select", name=name)
    if selects:
        return [o.attrs.get("value", o.text) for o in selects[0].find_all("option")]
    inputs = form.find_all("input", name=name) + form.find_all("textarea", name=name)
    assert inputs, f"the form has no field {name!r}"
    return None


def submit(client, form: Node, changes=None, headers=None, button=None, **kwargs):
    """Send a rendered form after tapping / typing `changes` (None clears a field).

    A tapped value must be one of the buttons or options the form offers for that field, as a
    person can tap nothing else. `button` is the (name, value) of the submit button pressed.
    """
    data = form_data(form)
    for name, value in (changes or {}).items():
        if value is None:
            data.pop(name, None)
            continue
        value = str(value)
        choices = offered(form, name)
        assert choices is None or value in choices, f"{name}={value!r} not offered: {choices}"
        data[name] = value
    if button is not None:
        data[button[0]] = button[1]
    method = form.attrs.get("method", "get").lower()
    assert method == "post", method
    return client.post(form.attrs["action"], data=data, headers=headers or {}, **kwargs)
