"""The code-parity normaliser: translations compare equal, one-sided code changes do not."""

from __future__ import annotations

import pytest

from verified_docs.code_parity import Context, mutate, normalised, problem


def same(a: str, b: str, syntax: str = "python", context: Context | None = None) -> bool:
    return [t.text for t in normalised(a, syntax, context)] == [t.text for t in normalised(b, syntax, context)]


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


@pytest.mark.parametrize("old, new", [
    ("por_año=252", "por_año=253"),  # a number
    ("np.mean(valores)", "np.meen(valores)"),  # an API name
    ("np.arange(10)", "np.arange(10).fitt"),  # an API attribute
    ("def call(self, x)", "def calll(self, x)"),  # a framework hook
    (":.3f}", ":.4f}"),  # a format spec's precision
    ("datos = np.arange(10)\n", "datos = np.arange(10)\nprint(datos)\n"),  # an added statement
    ("sigma=0.5)\n", "sigma=0.5, semilla=0)\n"),  # an added keyword
])
def test_one_sided_code_changes_differ(old, new):
    assert old in ES
    assert not same(ES.replace(old, new, 1), EN)


def test_comments_docstrings_and_prose_may_differ():
    assert same("x = f(1)  # uno\nprint('uno', x)\n", '"""Doc."""\nx = f(1)\nprint("one, also", x)  # one\n')
    assert same('print(f"{x:>17.4f} a")\n', 'print(f"b {x:>15.4f}")\n')  # widths align translated headings


def test_names_must_be_bound_consistently():
    assert same("a = 1\nb = a\n", "x = 1\ny = x\n")
    assert not same("a = 1\nb = a\n", "x = 1\ny = 1\n")
    assert not same("a = 1\nb = 2\nc = a\n", "x = 1\ny = 2\nz = y\n")


def test_names_from_other_blocks_of_the_page():
    es, en = "print(modelo.predict(x))\n", "print(model.predict(x))\n"
    assert not same(es, en)
    assert same(es, en, "python", Context(names=frozenset({"modelo", "model", "x"})))


def test_argparse_attributes_and_data_keywords():
    es = 'p = argparse.ArgumentParser()\np.add_argument("dispositivo")\nd = p.parse_args().dispositivo\nnp.savez("a.npz", tres=1)\n'
    en = 'p = argparse.ArgumentParser()\np.add_argument("device")\nd = p.parse_args().device\nnp.savez("a.npz", three=1)\n'
    assert same(es, en)
    assert not same(es, en.replace("savez(", "savez_compressed("))


SH_ES = '''# instala
pip install "keras==3.15.1" \\
  --index-url https://example.org/whl
for motor in jax torch; do
  KERAS_BACKEND=$motor python probar.py || echo "falló: $motor"
done
python - <<'FIN'
modelo = cargar("modelo.keras")  # comentario
print(f"{modelo.n} capas")
FIN
'''
SH_EN = '''# installs
pip install "keras==3.15.1" \\
  --index-url https://example.org/whl
for engine in jax torch; do
  KERAS_BACKEND=$engine python test.py || echo "failed with $engine"
done
python - <<'END'
model = cargar("model.keras")  # comment
print(f"{model.n} layers")
END
'''
SH_FILES_ES, SH_FILES_EN = Context(files=frozenset({"probar.py"})), Context(files=frozenset({"test.py"}))


def sh_same(es: str, en: str) -> bool:
    return [t.text for t in normalised(es, "bash", SH_FILES_ES)] == [t.text for t in normalised(en, "bash", SH_FILES_EN)]


def test_shell_translation_is_equal():
    assert sh_same(SH_ES, SH_EN)
    assert sh_same(SH_ES.replace('"falló: $motor"', '"otro texto $motor"'), SH_EN)  # echo text is prose


@pytest.mark.parametrize("old, new", [
    ("--index-url", "--extra-index-url"),  # a flag
    ("3.15.1", "3.15.2"),  # a pinned version
    ("jax torch", "jax tensorflow"),  # a loop's words
    ("done\n", "done\nmake test\n"),  # an added command
    ("KERAS_BACKEND", "KERAS_BACKENDS"),  # a program's variable
    ("modelo.n", "modelo.m"),  # Python inside a heredoc
    ("echo \"falló: $motor\"", "echo \"falló\""),  # a variable the text expands
])
def test_one_sided_shell_changes_differ(old, new):
    assert old in SH_ES
    assert not sh_same(SH_ES.replace(old, new, 1), SH_EN)


def test_problem_names_both_files_and_lines(tmp_path):
    (tmp_path / "es").mkdir()
    (tmp_path / "en").mkdir()
    a, b = tmp_path / "es" / "03_a.py", tmp_path / "en" / "03_a.py"
    a.write_text("# dice\nmodelo.fit(x, epochs=5)\n")
    b.write_text("model.fit(x, epochs=6)\n")
    message = problem(a, b, "python", Context(names=frozenset({"modelo", "x"})), Context(names=frozenset({"model", "x"})))
    assert f"{a}:2 and {b}:1" in message
    assert "`modelo.fit(x, epochs=5)` vs `model.fit(x, epochs=6)`" in message
    b.write_text("# says\nmodel.fit(x, epochs=5)\n")
    assert problem(a, b, "python", Context(names=frozenset({"modelo", "x"})), Context(names=frozenset({"model", "x"}))) is None


@pytest.mark.parametrize("text, syntax", [
    (ES, "python"), ("print('sin números')\n", "python"), (SH_ES, "bash"), ("make serve\n", "bash"),
])
def test_mutants_change_the_normalised_program(text, syntax):
    mutant, description = mutate(text, syntax)
    assert description
    assert not same(text, mutant, syntax, SH_FILES_ES)
    if syntax == "python":
        compile(mutant, "mutant.py", "exec")


def test_attributes_set_on_api_objects_stay_verbatim():
    es, en = "base = f()\nbase.trainable = False\n", "base = f()\nbase.trainable = False\n"
    assert same(es, en)
    assert not same(es, en.replace("trainable =", "trainabel ="))


def test_python_in_a_string_is_compared_as_python():
    es = 'CODIGO = """\nimport os\nx = os.getpid()\nprint("hola", x)\n"""\nsubprocess.run([sys.executable, "-c", CODIGO])\n'
    en = 'CODE = """\nimport os\nx = os.getpid()\nprint("hello", x)\n"""\nsubprocess.run([sys.executable, "-c", CODE])\n'
    assert same(es, en)
    assert not same(es, en.replace("os.getpid()", "os.getppid()"))
    assert same('print("Uso: python x.py (ver)")\n', 'print("Usage: python x.py; see (it)")\n')
