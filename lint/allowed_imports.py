"""An import-linter contract that lists what a layer *may* import, not what it may not.

import-linter's ``forbidden`` contract names the modules a layer must not import, so every
new package of the companion would have to be added to it by hand, and forgetting is silent.
This contract turns the list round: ``source_modules`` may import only each other and
``allowed_modules`` (with their submodules) among the project's own packages, so a new
package is outside the layer until someone says otherwise. Third-party imports are left to
import-linter's own ``forbidden`` contracts.

Registered in ``pyproject.toml`` as ``contract_types = ["allowed: lint.allowed_imports.AllowedContract"]``.
"""

from __future__ import annotations

from grimp import ImportGraph
from importlinter.application import output
from importlinter.domain import fields
from importlinter.domain.contract import Contract, ContractCheck


class AllowedContract(Contract):
    """``source_modules`` import nothing of the project's packages but ``allowed_modules``."""

    type_name = "allowed"

    source_modules = fields.ListField(subfield=fields.ModuleField())
    allowed_modules = fields.ListField(subfield=fields.ModuleField())

    def check(self, graph: ImportGraph, verbose: bool) -> ContractCheck:
        sources = [module.name for module in self.source_modules]  # type: ignore[attr-defined]
        allowed = sources + [module.name for module in self.allowed_modules]  # type: ignore[attr-defined]
        roots = set(self.session_options["root_packages"])
        bad = [
            detail
            for importer in sorted(graph.modules)
            if _within(importer, sources)
            for imported in sorted(graph.find_modules_directly_imported_by(importer))
            if imported.split(".")[0] in roots and not _within(imported, allowed)
            for detail in graph.get_import_details(importer=importer, imported=imported)
        ]
        return ContractCheck(kept=not bad, metadata={"imports": bad})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for detail in check.metadata["imports"]:
            output.print_error(
                f"{detail['importer']}:{detail['line_number']} imports {detail['imported']},"
                " which is outside what this layer may import", bold=False)
        output.new_line()


def _within(module: str, packages: list[str]) -> bool:
    """Whether ``module`` is one of ``packages`` or inside one."""
    return any(module == package or module.startswith(package + ".") for package in packages)
