from __future__ import annotations

import os
import os.path
import a.b as c
import json, sys
import numpy as np, pandas
from collections import OrderedDict
from x import y as z, w
from typing import (
    Any,
    Optional as Opt,
)
from . import s
from .sibling import helper
from ..pkg import t
from ..pkg.sub import u as v
from x import *
from .star import *


def late():
    import re
    from .lazy import thing
    return re, thing
