# How much disk the two lines' packages take, with all their dependencies, in the
# environment that runs this block: each installed package gives its own list of
# dependencies.
import importlib.metadata as metadata

from packaging.requirements import Requirement


def with_dependencies(names):
    pending, seen = list(names), {}
    while pending:
        name = pending.pop()
        key = name.lower().replace("_", "-")
        if key in seen:
            continue
        try:
            seen[key] = package = metadata.distribution(name)
        except metadata.PackageNotFoundError:
            continue  # only what neither line installs is missing
        for line in package.requires or []:
            # no extras: what installs without asking for more
            requirement = Requirement(line)
            if requirement.marker is None or requirement.marker.evaluate({"extra": ""}):
                pending.append(requirement.name)
    return seen


packages = with_dependencies(["keras", "jax", "tensorflow", "torch"])
sizes = {n: sum(f.size or 0 for f in p.files or []) for n, p in packages.items()}
print(f"{len(packages)} packages, {sum(sizes.values()) / 1e9:.1f} GB on disk")
for name in sorted(sizes, key=sizes.get, reverse=True)[:3]:
    print(f"  {name:<11}{sizes[name] / 1e9:.2f} GB")
