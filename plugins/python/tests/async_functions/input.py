import asyncio


async def fetch(url):
    await asyncio.sleep(1)
    return url


class Client:
    async def get(self, path):
        return await fetch(path)

    async def _retry(self):
        async def attempt():
            return await self.get("/")
        return await attempt()


async def main():
    async with Client() as client:
        await client.get("/health")


asyncio.run(main())
