"""Play over the network, without the network: the protocol between the GM's app and players.

Sans-IO throughout (no sockets, no threads, no Qt): the transport feeds bytes in and sends the
bytes it gets back. :class:`~saga_desktop.network.host.HostProtocol` is the GM's side and the only
authority; :class:`~saga_desktop.network.client.ClientProtocol` is a joining app's side. The host
serves a :class:`~saga_desktop.network.interface.Table`, which the model implements.
"""
