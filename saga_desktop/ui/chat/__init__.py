"""Talk at the table: the chat dock, whispers and the GM's handouts (see ``model.chat``)."""
