"""nastolka: tabletop card games with their rules enforced.

The first thing the package does is choose between the compiled and the pure build of its hot modules
(:mod:`nastolka.native`): ``NASTOLKA_PURE=1`` or a stale build means the Python sources run.
"""

from nastolka import native as _native

_native.install()
