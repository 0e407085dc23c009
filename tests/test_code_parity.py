"""The code-parity normaliser: translations compare equal, one-sided code changes do not."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest

from verified_docs import code_parity
from verified_docs.code_parity import MUTANT_KINDS, Context, Snippet, mutants, page_problems, problem


def same(a: str, b: str, syntax: str = "python", context: Context | None = None, context_b: Context | None = None) -> bool:
    """The two programs compare equal as one block (a page of one cell)."""
    return problem(Path("es.py"), Path("en.py"), syntax, context, context_b or context, text_a=a, text_b=b) is None


def page(es: list, en: list) -> list:
    """Problems of a page whose blocks are given as texts (Python cells) or Snippets."""
    wrap = lambda x: x if isinstance(x, Snippet) else Snippet("python", x)  # noqa: E731
    return page_problems([wrap(x) for x in es], [wrap(x) for x in en])


ES = '''import numpy as np


class ConRuido(keras.Model):
    """Añade ruido."""

    def __init__(self, red, sigma=0.5):
        super().__init__()
        self.red = red

    def call(self, x):  # el gancho de Keras
        return self.red(x)


def media(valores, por_año=252):
    return np.mean(valores) * por_año


datos = np.arange(10)
modelo = ConRuido(datos, sigma=0.5)
print(f"media: {media(datos, por_año=12):.3f} ({len(datos)} filas)")
'''
EN = '''import numpy as np


class WithNoise(keras.Model):
    """Adds noise."""

    def __init__(self, net, sigma=0.5):
        super().__init__()
        self.net = net

    def call(self, x):  # Keras' hook
        return self.net(x)


def mean(values, per_year=252):
    return np.mean(values) * per_year


data = np.arange(10)
model = WithNoise(data, sigma=0.5)
print(f"mean: {mean(data, per_year=12):.3f} ({len(data)} rows)")
'''


def test_renamed_identifiers_strings_and_comments_are_equal():
    assert same(ES, EN)


@pytest.mark.parametrize(
    "old, new",
    [
        ("por_año=252", "por_año=253"),  # a number
        ("np.mean(valores)", "np.meen(valores)"),  # an API name
        ("np.arange(10)", "np.arange(10).fitt"),  # an API attribute
        ("def call(self, x)", "def calll(self, x)"),  # a framework hook
        (":.3f}", ":.4f}"),  # a format spec's precision
        ("datos = np.arange(10)\n", "datos = np.arange(10)\nprint(datos)\n"),  # an added statement
        ("sigma=0.5)\n", "sigma=0.5, semilla=0)\n"),  # an added keyword
        ("({len(datos)} filas)", "({len(datos)} filas de 2)"),  # a number in prose
    ],
)
def test_one_sided_code_changes_differ(old, new):
    assert old in ES
    assert not same(ES.replace(old, new, 1), EN)


def test_comments_docstrings_and_prose_may_differ():
    assert same("x = f(1)  # uno\nprint('una vez', x)\n", '"""Doc."""\nx = f(1)\nprint("one, also", x)  # one\n')
    assert same('print(f"{x:>17.4f} a")\n', 'print(f"b {x:>15.4f}")\n')  # widths align translated headings


def test_names_must_be_bound_consistently():
    assert same("a = 1\nb = a\n", "x = 1\ny = x\n")
    assert not same("a = 1\nb = a\n", "x = 1\ny = 1\n")
    assert not same("a = 1\nb = 2\nc = a\n", "x = 1\ny = 2\nz = y\n")


# 1. One renaming per page -----------------------------------------------------------------------

CELL_ES = "x_ent, x_prueba = d[:800], d[800:]\nmodelo = f(x_ent)\n"
CELL_EN = "x_train, x_test = d[:800], d[800:]\nmodel = f(x_train)\n"


def test_names_from_other_blocks_of_the_page():
    """A cell uses the names other cells bound, translated as they were there."""
    assert page([CELL_ES, "modelo.evaluate(x_prueba)\n"], [CELL_EN, "model.evaluate(x_test)\n"]) == [None, None]
    problems = page([CELL_ES, "modelo.evaluate(x_prueba)\n"], [CELL_EN, "model.evaluate(x_train)\n"])
    assert problems[1] and "'x_prueba' is 'x_train' here, but 'x_prueba' is 'x_test'" in problems[1]
    assert problems[0]  # the other place is reported too: one of the two is wrong
    # each block alone would compare equal: only the page's renaming sees it
    assert same(
        "modelo.evaluate(x_prueba)\n",
        "model.evaluate(x_train)\n",
        context=Context(names=frozenset({"modelo", "x_prueba"})),
        context_b=Context(names=frozenset({"model", "x_train"})),
    )


def test_saved_files_are_one_renaming_of_the_page():
    es = [Snippet("python", "print(1)\n", "a.py"), Snippet("python", "print(2)\n", "b.py"), Snippet("bash", "python a.py\n")]
    en = [
        Snippet("python", "print(1)\n", "one.py"),
        Snippet("python", "print(2)\n", "two.py"),
        Snippet("bash", "python one.py\n"),
    ]
    assert page(es, en) == [None, None, None]
    assert page(es, en[:2] + [Snippet("bash", "python two.py\n")])[2]


def test_files_the_commands_write_and_read_are_one_renaming_of_the_page():
    """A file a shell block writes and reads back (`> informe_0.txt`, `cat informe_0.txt`) may be
    renamed by the translation, one way on the whole page and keeping its type; a module a Python
    runs (`-m`) is not a file."""
    es = [Snippet("bash", "python a.py informe_0.txt > gloo.log\ncat informe_0.txt\n")]
    en = [Snippet("bash", "python a.py report_0.txt > gloo.log\ncat report_0.txt\n")]
    assert page(es, en) == [None]
    assert page(es, [Snippet("bash", "python a.py report_0.txt > gloo.log\ncat reports_0.txt\n")])[0]
    assert page(es, [Snippet("bash", "python a.py report_0.csv > gloo.log\ncat report_0.csv\n")])[0]
    assert not same("python -m json.tool\n", "python -m yaml.tool\n", "bash")
    # an absolute path is the system's file, not one the page names: a digit of it may not differ
    udev = 'sudo tee /etc/udev/rules.d/{}-amdgpu.rules <<\'END\'\nKERNEL=="kfd", MODE="0666"\nEND\n'
    assert not same(udev.format(70), udev.format(71), "bash")
    assert not same('open("/etc/modprobe.d/amdgpu.conf")\n', 'open("/etc/modprobe.d/radeon.conf")\n')


def test_names_imported_from_a_file_the_page_saves_are_that_files_names():
    """`from comun import TASA` in another program of the page: the module is the saved file
    (renamed with its title), and TASA is comun.py's name, one renaming with its definition and
    with every use in the importing program."""
    es = [
        Snippet("python", "TASA = 0.1\n\n\ndef paso(t):\n    return t\n", "comun.py"),
        Snippet("python", "from comun import TASA, paso\n\nprint(paso(TASA))\nfrom comun import paso as p\n", "uso.py"),
    ]
    en = [
        Snippet("python", "RATE = 0.1\n\n\ndef step(t):\n    return t\n", "common.py"),
        Snippet("python", "from common import RATE, step\n\nprint(step(RATE))\nfrom common import step as s\n", "use.py"),
    ]
    assert page(es, en) == [None, None]
    other = lambda text: [en[0], en[1]._replace(text=text)]  # noqa: E731
    # a use renamed apart from the import: the English program would fail with a NameError
    assert page(es, other("from common import RATE, step\n\nprint(step(RATES))\nfrom common import step as s\n"))[1]
    # the uses swapped: a renaming consistent within the program, but not the module's
    assert page(es, other("from common import RATE, step\n\nprint(RATE(step))\nfrom common import step as s\n"))[1]
    # an imported name the English module does not define under that name
    assert page(es, other("from common import SPEED, step\n\nprint(step(SPEED))\nfrom common import step as s\n"))[1]
    # a module that is not the file the page saves as common.py
    assert page(es, other("from commons import RATE, step\n\nprint(step(RATE))\nfrom common import step as s\n"))[1]
    # an alias of another of the module's names
    assert page(es, other("from common import RATE, step\n\nprint(step(RATE))\nfrom common import RATE as s\n"))[1]


def test_a_class_imported_from_a_file_the_page_saves_brings_its_attributes():
    """A base class in comun.py whose method only the importing program calls (through self, in a
    subclass): the method and the attributes it sets are comun.py's names, renamed one way in both
    files; an override nobody calls (train_step) stays the API's name."""
    es_base = "class Base:\n    def __init__(self):\n        self.media = 0\n\n    def anota(self, v):\n        self.media = v\n"
    en_base = "class Base:\n    def __init__(self):\n        self.mean = 0\n\n    def log(self, v):\n        self.mean = v\n"
    es_use = "from comun import Base\n\n\nclass Paso(Base):\n    def train_step(self, d):\n        self.anota(d)\n        return self.media\n"
    en_use = "from common import Base\n\n\nclass Step(Base):\n    def train_step(self, d):\n        self.log(d)\n        return self.mean\n"
    es = [Snippet("python", es_base, "comun.py"), Snippet("python", es_use, "paso.py")]
    en = [Snippet("python", en_base, "common.py"), Snippet("python", en_use, "step.py")]
    assert page(es, en) == [None, None]
    # the English program calls a method its module does not define under that name
    assert page(es, [en[0], en[1]._replace(text=en_use.replace("self.log(d)", "self.record(d)"))])[1]
    # an override the page never calls is the API's: renaming it is a change
    assert page(es, [en[0], en[1]._replace(text=en_use.replace("def train_step", "def training_step"))])[1]


def test_separate_programs_have_their_own_names():
    """Saved files, child processes and functions bind their own names: a translation may call
    two of them the same in one language and not in the other."""
    es = [Snippet("python", "def f(desv):\n    return desv\n"), Snippet("python", "desv = 2\n", "x.py")]
    en = [Snippet("python", "def f(dev):\n    return dev\n"), Snippet("python", "std = 2\n", "x.py")]
    assert page(es, en) == [None, None]


# 2. Strings: prose, labels, keys, files and renamed tokens may differ; API values may not ---------


@pytest.mark.parametrize(
    "es, en",
    [
        ('m.compile(loss="mse")\n', 'm.compile(loss="mae")\n'),
        ('x = y.astype("float32")\n', 'x = y.astype("float16")\n'),
        ('h = historia.history["loss"]\n', 'h = historia.history["val_loss"]\n'),
        ('keras.config.set_backend("jax")\n', 'keras.config.set_backend("torch")\n'),
        ('d = s.get("train[:80%]")\n', 'd = s.get("train[:90%]")\n'),  # punctuation is not prose
    ],
)
def test_api_strings_differ(es, en):
    assert page([es], [en])[0]


def test_a_string_the_page_uses_elsewhere_cannot_change_at_one_place():
    es = ['os.environ["KERAS_BACKEND"] = "jax"\n', 'keras.config.set_backend("jax")\n']
    assert page(es, es) == [None, None]
    assert page(es, es[:1] + ['keras.config.set_backend("torch")\n'])[1]


@pytest.mark.parametrize(
    "es, en",
    [
        ('print("épocas:", n, "de", m)\n', 'print("epochs:", n, "of", m)\n'),  # prose ("de" printed: a label)
        ('d = pd.read_parquet("datos.parquet")\n', 'd = pd.read_parquet("data.parquet")\n'),  # a file name
        ('p = {"entrenar": 1, "apartado": 2}\n', 'p = {"train": 1, "held_back": 2}\n'),  # keys the author names
        ('r = f("cargado")\nq = g("cargado")\n', 'r = f("loaded")\nq = g("loaded")\n'),  # a token used twice
    ],
)
def test_translated_strings_are_equal(es, en):
    output = ("épocas: 3 de 4\n", "epochs: 3 of 4\n")
    assert page([Snippet("python", es, output=output[0])], [Snippet("python", en, output=output[1])]) == [None]


def test_printed_labels_may_differ_but_not_become_another_value():
    es = Snippet("python", 'c = t.pivot(columns="activo")\nprint(c.rename_axis("activo"))\n', output="activo\n")
    en = Snippet("python", 'c = t.pivot(columns="activo")\nprint(c.rename_axis("asset"))\n', output="asset\n")
    assert page([es], [en]) == [None]
    not_printed = en._replace(output="")
    assert page([es], [not_printed])[0]
    # a label may not take a string that stands for another one of the other language
    es = Snippet("python", 'a = f("otro")\nprint(g("activo"))\n', output="activo\n")
    en = Snippet("python", 'a = f("asset")\nprint(g("asset"))\n', output="asset\n")
    assert page([es], [en])[0]


def test_file_names_keep_their_extension():
    assert page(['m.save("mejor.keras")\n'], ['m.save("best.keras")\n']) == [None]
    assert page(['m.save("mejor.keras")\n'], ['m.save("best.h5")\n'])[0]
    # a name an f-string builds is no file name to rename: `cat informe_0.txt` could not be tied to it
    assert page(['f = open(f"informe_{i}.txt")\n'], ['f = open(f"report_{i}.txt")\n'])[0]


# 3. Command substitutions in echo -------------------------------------------------------------


def test_echo_keeps_its_command_substitutions():
    assert same('echo "núcleos: $(nproc)"\n', 'echo "cores: $(nproc)"\n', "bash")
    assert same('echo "núcleos: `nproc`"\n', 'echo "cores: `nproc`"\n', "bash")
    assert not same('echo "$(nproc)"\n', 'echo "$(rocminfo)"\n', "bash")
    assert not same('echo "núcleos: `nproc`"\n', 'echo "cores: `nproc --all`"\n', "bash")


# 5. Keywords: an API's parameter unless read back as a key --------------------------------------


def test_keywords_are_the_apis_unless_read_back_as_keys():
    assert not same("opt.update(lr=0.1)\n", "opt.update(epochs=0.1)\n")
    assert not same("x = dict(lr=0.1)\n", "x = dict(tasa=0.1)\n")
    es = ['np.savez("a.npz", tres=x)\n', 'd = np.load("a.npz")\nprint(d["tres"])\n']
    en = ['np.savez("a.npz", three=x)\n', 'd = np.load("a.npz")\nprint(d["three"])\n']
    assert page(es, en) == [None, None]
    assert any(page(es, [en[0], en[1].replace('["three"]', '["tres"]')]))
    assert page(es, [en[0].replace("three=", "four="), en[1]])[0]


def test_argparse_attributes_are_the_strings_given():
    es = 'p = argparse.ArgumentParser()\np.add_argument("dispositivo")\nd = p.parse_args().dispositivo\n'
    en = 'p = argparse.ArgumentParser()\np.add_argument("device")\nd = p.parse_args().device\n'
    assert page([es], [en]) == [None]
    assert page([es], [en.replace("parse_args().device", "parse_args().devices")])[0]


# Shell -----------------------------------------------------------------------------------------

SH_ES = """# instala
pip install "keras==3.15.1" \\
  --index-url https://example.org/whl
for motor in jax torch; do
  KERAS_BACKEND=$motor python probar.py || echo "falló: $motor"
done
python - <<'FIN'
modelo = cargar("modelo.keras")  # comentario
print(f"{modelo.n} capas")
FIN
"""
SH_EN = """# installs
pip install "keras==3.15.1" \\
  --index-url https://example.org/whl
for engine in jax torch; do
  KERAS_BACKEND=$engine python test.py || echo "failed with $engine"
done
python - <<'END'
model = cargar("model.keras")  # comment
print(f"{model.n} layers")
END
"""
SH_FILES_ES, SH_FILES_EN = Context(files=frozenset({"probar.py"})), Context(files=frozenset({"test.py"}))


def sh_same(es: str, en: str) -> bool:
    return same(es, en, "bash", SH_FILES_ES, SH_FILES_EN)


def test_shell_translation_is_equal():
    assert sh_same(SH_ES, SH_EN)
    assert sh_same(SH_ES.replace('"falló: $motor"', '"otro texto $motor"'), SH_EN)  # echo text is prose


@pytest.mark.parametrize(
    "old, new",
    [
        ("--index-url", "--extra-index-url"),  # a flag
        ("3.15.1", "3.15.2"),  # a pinned version
        ("jax torch", "jax tensorflow"),  # a loop's words
        ("done\n", "done\nmake test\n"),  # an added command
        ("KERAS_BACKEND", "KERAS_BACKENDS"),  # a program's variable
        ("modelo.n", "modelo.m"),  # Python inside a heredoc
        ('echo "falló: $motor"', 'echo "falló"'),  # a variable the text expands
        ('"modelo.keras"', '"modelo.h5"'),  # a file's type
    ],
)
def test_one_sided_shell_changes_differ(old, new):
    assert old in SH_ES
    assert not sh_same(SH_ES.replace(old, new, 1), SH_EN)


# 6. Messages -----------------------------------------------------------------------------------


def test_problem_names_both_files_and_lines(tmp_path):
    (tmp_path / "es").mkdir()
    (tmp_path / "en").mkdir()
    a, b = tmp_path / "es" / "03_a.py", tmp_path / "en" / "03_a.py"
    a.write_text("# dice\nmodelo.fit(x, epochs=5)\n")
    b.write_text("model.fit(x, epochs=6)\n")
    message = problem(a, b, "python", Context(names=frozenset({"modelo", "x"})), Context(names=frozenset({"model", "x"})))
    assert f"{a}:2 and {b}:1 differ in structure" in message
    assert "`modelo.fit(x, epochs=5)` vs `model.fit(x, epochs=6)`" in message
    assert code_parity.ADVICE in message
    b.write_text("# says\nmodel.fit(x, epochs=5)\n")
    assert problem(a, b, "python", Context(names=frozenset({"modelo", "x"})), Context(names=frozenset({"model", "x"}))) is None


@dataclass
class FakeBlock:
    page: Path
    lineno: int
    snippet: Path
    syntax: str = "python"
    title: str | None = None
    output_file: Path | None = None

    @property
    def where(self) -> str:
        return f"{self.page} [{self.page.suffixes[0][1:]}], block at line {self.lineno} ({self.snippet})"


def test_block_problem_names_pages_blocks_and_lines(tmp_path, monkeypatch):
    blocks = {}
    for lang, cell, use in (("es", CELL_ES, "modelo.evaluate(x_prueba)\n"), ("en", CELL_EN, "model.evaluate(x_train)\n")):
        (tmp_path / lang).mkdir()
        page_file = tmp_path / f"x.{lang}.md"
        page_file.write_text("")
        for n, text in enumerate((cell, use), 1):
            (tmp_path / lang / f"0{n}.py").write_text(text)
        blocks[lang] = tuple(FakeBlock(page_file, 10 * n, tmp_path / lang / f"0{n}.py") for n in (1, 2))
    monkeypatch.setattr(code_parity, "_blocks_of", lambda page: blocks["es" if ".es." in page.name else "en"])
    message = code_parity.block_problem(blocks["es"][1], blocks["en"][1])
    assert message.startswith(f"{blocks['es'][1].where} and {blocks['en'][1].where}: ")
    assert f"{blocks['es'][1].snippet}:1 and {blocks['en'][1].snippet}:1 differ: " in message
    assert "`modelo.evaluate(x_prueba)` vs `model.evaluate(x_train)`" in message
    assert message.endswith(code_parity.ADVICE)
    fixed = "model.evaluate(x_test)\n"
    assert code_parity.block_problem(blocks["es"][1], blocks["en"][1], text_b=fixed) is None
    blocks["en"][1].snippet.write_text(fixed)  # 4. an edited snippet is read again (no stale cache)
    assert code_parity.block_problem(blocks["es"][1], blocks["en"][1]) is None


# 7. Mutants ------------------------------------------------------------------------------------

PROGRAM = '"""Docstring."""\nimport numpy as np\n\ndatos = np.zeros(10).astype("float32")\nprint(f"{datos}", modelo.fit(datos))\n'


def test_mutants_are_fixed_one_of_each_kind():
    found = mutants(PROGRAM, "python", names={"modelo", "otro"})
    assert [m.kind for m in found] == list(MUTANT_KINDS)
    by_kind = {m.kind: m for m in found}
    assert by_kind["number"].what == "line 4: '10' -> '11'"
    assert '"float32x"' in by_kind["string"].text  # not the docstring
    assert ".astypex(" in by_kind["attribute"].text
    assert "otro.zeros" in by_kind["name-swap"].text  # a name another cell binds, not used here
    assert "print" not in by_kind["delete-last"].text
    for m in found:
        compile(m.text, "mutant.py", "exec")
        assert page([PROGRAM], [m.text])[0], m
    number = mutants("print('sin números')\n", "python")[0]
    assert number.text is None and number.what == "no number literal"  # a kind that does not apply says so


def test_shell_mutants():
    found = {m.kind: m for m in mutants(SH_ES, "bash")}
    assert "keras==4.15.1" in found["number"].text
    assert '"keras==3.15.1x"' in found["string"].text
    assert "--index-urlx" in found["attribute"].text
    assert found["name-swap"].text is None  # one variable only
    assert "FIN" not in found["delete-last"].text
    for m in found.values():
        if m.text is not None:
            assert not same(SH_ES, m.text, "bash", SH_FILES_ES), m


def test_attributes_set_on_api_objects_stay_verbatim():
    es, en = "base = f()\nbase.trainable = False\n", "base = f()\nbase.trainable = False\n"
    assert same(es, en)
    assert not same(es, en.replace("trainable =", "trainabel ="))


def test_python_in_a_string_is_compared_as_python():
    es = (
        'CODIGO = """\nimport os\nx = os.getpid()\nprint("hola, mundo", x)\n"""\nsubprocess.run([sys.executable, "-c", CODIGO])\n'
    )
    en = 'CODE = """\nimport os\nx = os.getpid()\nprint("hello, world", x)\n"""\nsubprocess.run([sys.executable, "-c", CODE])\n'
    assert page([es], [en]) == [None]
    assert page([es], [en.replace("os.getpid()", "os.getppid()")])[0]
    assert same('print("Uso: python x.py (ver)")\n', 'print("Usage: python x.py; see (it)")\n')
