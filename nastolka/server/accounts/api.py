"""HTTP routes of accounts: register, the session (sign in, sign out, everywhere), the account itself,
its password and email, and the emailed links. Bodies are strict (unknown fields refused).

The session is an HttpOnly, SameSite=Lax cookie (Secure when the site is served over https); no answer
ever carries a session id, a hash or another person's email.
"""

from __future__ import annotations

from typing import Annotated, Any

from annotated_types import Len
from fastapi import APIRouter, Request, Response
from pydantic import BaseModel, ConfigDict, StrictStr

from ..schemas import ERRORS, ErrorBody
from .service import AccountService, SignedIn, account_json
from .sessions import COOKIE

_STRICT = ConfigDict(extra="forbid")
Text = Annotated[StrictStr, Len(0, 1024)]
router = APIRouter(prefix="/api", tags=["accounts"], responses={
    **ERRORS, 401: {"model": ErrorBody, "description": "not signed in, or a wrong handle or password"}})


class Register(BaseModel):
    model_config = _STRICT
    handle: Annotated[StrictStr, Len(1, 60)]
    password: Text
    email: Annotated[StrictStr, Len(0, 254)] | None = None


class Credentials(BaseModel):
    model_config = _STRICT
    handle: Annotated[StrictStr, Len(0, 100)]
    password: Text


class NewPassword(BaseModel):
    model_config = _STRICT
    password: Text
    new_password: Text


class NewEmail(BaseModel):
    model_config = _STRICT
    email: Annotated[StrictStr, Len(0, 254)] | None = None


class Handle(BaseModel):
    model_config = _STRICT
    handle: Annotated[StrictStr, Len(0, 100)]


class Link(BaseModel):
    model_config = _STRICT
    token: Annotated[StrictStr, Len(1, 200)]


class Reset(BaseModel):
    model_config = _STRICT
    token: Annotated[StrictStr, Len(1, 200)]
    password: Text


def accounts(request: Request) -> AccountService:
    return request.app.state.accounts


def address(request: Request) -> str:
    return request.client.host if request.client else "?"


def cookie_of(request: Request) -> str | None:
    return request.cookies.get(COOKIE)


def secure(request: Request) -> bool:
    public = accounts(request).settings.public_url or ""
    return request.url.scheme == "https" or public.startswith("https://")


def give_cookie(request: Request, response: Response, signed: SignedIn) -> dict[str, Any]:
    svc = accounts(request)
    response.set_cookie(COOKIE, signed.cookie, max_age=int(svc.life.absolute), path="/", httponly=True,
                        samesite="lax", secure=secure(request))
    response.headers["Cache-Control"] = "no-store"
    return {"account": signed.account}


def drop_cookie(request: Request, response: Response) -> None:
    response.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=secure(request))


@router.post("/accounts", status_code=201)
async def register(request: Request, response: Response, body: Register) -> dict[str, Any]:
    """Create an account and sign in (the answer sets the session cookie)."""
    signed = await accounts(request).register(address(request), body.handle, body.password, body.email,
                                              cookie_of(request))
    return give_cookie(request, response, signed)


@router.get("/session")
async def session(request: Request) -> dict[str, Any]:
    """Who is signed in here (``account``: null if nobody), and whether the server sends email."""
    svc = accounts(request)
    row = await svc.current(cookie_of(request))
    return {"account": account_json(row) if row is not None else None, "email": svc.mailer is not None}


@router.post("/session")
async def sign_in(request: Request, response: Response, body: Credentials) -> dict[str, Any]:
    """Sign in: a new session (a new cookie value, whatever cookie came with the request)."""
    signed = await accounts(request).sign_in(address(request), body.handle, body.password, cookie_of(request))
    return give_cookie(request, response, signed)


@router.delete("/session")
async def sign_out(request: Request, response: Response) -> dict[str, Any]:
    await accounts(request).sign_out(cookie_of(request))
    drop_cookie(request, response)
    return {"account": None}


@router.get("/players/{handle}")
async def player(request: Request, handle: str) -> dict[str, Any]:
    """A player's public profile: ratings per game, games played / won / finished / abandoned, the finish
    rate, recent public games with their replays. Nothing private (no email, no account id)."""
    return await accounts(request).profile(handle)


@router.get("/me")
async def me(request: Request, response: Response) -> dict[str, Any]:
    """The signed-in account (with its email: only its owner sees it), or 401."""
    row = await accounts(request).require(cookie_of(request))
    response.headers["Cache-Control"] = "no-store"
    return account_json(row)


@router.get("/me/tables")
async def my_tables(request: Request, response: Response) -> list[dict[str, Any]]:
    """The tables you sit at, from any browser where you are signed in (waiting, running, finished)."""
    response.headers["Cache-Control"] = "no-store"
    return await accounts(request).my_tables(cookie_of(request))


@router.post("/tables/{table_id}/seat")
async def my_seat(request: Request, response: Response, table_id: str) -> dict[str, Any]:
    """Your seat at this table in this browser: a new seat token for the seat bound to your account (the
    token another browser held stops working)."""
    row = await accounts(request).require(cookie_of(request))
    rt, seat, token = await request.app.state.service.reclaim(table_id, int(row.id))
    response.headers["Cache-Control"] = "no-store"
    return {"seat": seat, "token": token, "table": rt.public()}


@router.delete("/me/sessions")
async def sign_out_everywhere(request: Request, response: Response) -> dict[str, Any]:
    """End every session of the account, this one included."""
    ended = await accounts(request).sign_out_everywhere(cookie_of(request))
    drop_cookie(request, response)
    return {"ended": ended}


@router.put("/me/password")
async def change_password(request: Request, response: Response, body: NewPassword) -> dict[str, Any]:
    """A new password (the current one needed): every other session ends, this one gets a new id."""
    signed = await accounts(request).change_password(address(request), cookie_of(request), body.password,
                                                     body.new_password)
    return give_cookie(request, response, signed)


@router.put("/me/email")
async def set_email(request: Request, response: Response, body: NewEmail) -> dict[str, Any]:
    """Set (or, with null, remove) the email address; with email on, a confirmation link is mailed."""
    response.headers["Cache-Control"] = "no-store"
    return await accounts(request).set_email(cookie_of(request), body.email)


@router.post("/email/verify")
async def verify_email(request: Request, body: Link) -> dict[str, Any]:
    """Confirm an address with the secret of its emailed link (404 when the server sends no email)."""
    return await accounts(request).verify_email(body.token)


@router.post("/password/forgot", status_code=202)
async def forgot(request: Request, body: Handle) -> dict[str, Any]:
    """Mail a reset link to the handle's confirmed address; the same answer whether or not one went."""
    await accounts(request).forgot(address(request), body.handle)
    return {"sent": "if the handle has a confirmed email address"}


@router.post("/password/reset")
async def reset(request: Request, response: Response, body: Reset) -> dict[str, Any]:
    """A new password with the secret of a reset link: every session ends, and this browser signs in."""
    signed = await accounts(request).reset(body.token, body.password)
    return give_cookie(request, response, signed)
