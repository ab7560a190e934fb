"""Campaign files: the envelope, migrations, atomic writes, rotating backups and crash recovery.

Nothing here imports Qt, so all of it runs and is tested headless.
"""

from saga_desktop.storage.codec import FORMAT, FORMAT_VERSION, decode, encode
from saga_desktop.storage.errors import CampaignFileError
from saga_desktop.storage.files import LoadResult, SaveResult, load_campaign, save_campaign

__all__ = [
    "FORMAT",
    "FORMAT_VERSION",
    "CampaignFileError",
    "LoadResult",
    "SaveResult",
    "decode",
    "encode",
    "load_campaign",
    "save_campaign",
]
